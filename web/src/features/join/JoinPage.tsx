import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Link2Off, Ticket } from 'lucide-react';
import { INVITE_LINK_TOKEN, INVITE_LINK_UNKNOWN } from '@wayfare/contract';
import { ApiError, errorMessage } from '@/shared/api';
import { cx } from '@/shared/cx';
import { Button, buttonClassName } from '@/shared/ui/Button';
import { LoadingState } from '@/shared/ui/Spinner';
import { useDocumentTitle } from '@/shared/useDocumentTitle';
import { type LoginLocationState, useSession } from '@/features/auth';
import { useJoinByLink } from '@/features/ledger';
import { GuestJoinForm } from './GuestJoinForm';
import styles from '@/shared/ui/MessagePanel.module.css';

type JoinState =
  | { status: 'joining' }
  /** The link cannot be used (unknown, expired, turned off): retrying will not help. */
  | { status: 'dead'; message: string }
  /** No answer, or a passing refusal (too many attempts): trying again may. */
  | { status: 'failed'; message: string };

const JOIN_FAILED = 'Could not join the trip. Please try again.';

/**
 * /join/{token}: an invite link. Signed in, opening it is consent: the visitor joins at once and lands on the
 * trip's split page. Signed out, they log in or sign up first, and the token comes along (router state) so they
 * join right after; or they continue without an account, as a guest of the trip.
 */
export function JoinPage() {
  const { token = '' } = useParams();
  const { user } = useSession();
  useDocumentTitle('Join a trip');
  if (!INVITE_LINK_TOKEN.test(token)) return <DeadLink message={INVITE_LINK_UNKNOWN} />;
  // A guest session joins as an account does only once it has one: until then it is offered the same choices.
  return user && user.guestTripId === undefined ? (
    <Joining key={token} token={token} />
  ) : (
    <SignInToJoin token={token} />
  );
}

function SignInToJoin({ token }: { token: string }) {
  const state: LoginLocationState = {
    joinToken: token,
    message: 'Log in to join the trip you were invited to.',
  };
  return (
    <section className={styles.panel} aria-labelledby="join-title">
      <div className={styles.icon} aria-hidden="true">
        <Ticket size={26} />
      </div>
      <h1 id="join-title" className={styles.title}>
        You're invited to a trip
      </h1>
      <p className={styles.text}>Log in or create an account, and you'll join the trip right away.</p>
      <div className={styles.actions}>
        <Link to="/login" state={state} className={buttonClassName()}>
          Log in to join
        </Link>
        <Link to="/signup" state={state} className={buttonClassName({ variant: 'secondary' })}>
          Sign up
        </Link>
      </div>
      <h2 className={styles.text}>Or continue without an account</h2>
      <GuestJoinForm token={token} />
    </section>
  );
}

function Joining({ token }: { token: string }) {
  const navigate = useNavigate();
  const [state, setState] = useState<JoinState>({ status: 'joining' });
  const [attempt, setAttempt] = useState(0);
  // Joining twice is harmless (the second answers already_member), but one request per attempt is enough.
  const started = useRef(-1);
  const { mutateAsync: join } = useJoinByLink();

  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    join(token).then(
      ({ trip_id }) => void navigate(`/trips/${encodeURIComponent(trip_id)}/split`, { replace: true }),
      (err: unknown) => {
        const dead = err instanceof ApiError && [400, 404, 410].includes(err.status);
        setState({ status: dead ? 'dead' : 'failed', message: errorMessage(err, JOIN_FAILED) });
      },
    );
  }, [attempt, join, navigate, token]);

  if (state.status === 'joining') {
    return (
      <section className={styles.panel} aria-busy="true" aria-labelledby="join-title">
        <h1 id="join-title" className={styles.title}>
          Joining the trip…
        </h1>
        <LoadingState label="Joining the trip" />
      </section>
    );
  }
  if (state.status === 'dead') return <DeadLink message={state.message} />;
  return (
    <section className={styles.panel} aria-labelledby="join-title">
      <h1 id="join-title" className={styles.title}>
        Could not join the trip
      </h1>
      <p className={styles.text} role="alert">
        {state.message}
      </p>
      <div className={styles.actions}>
        <Button
          onClick={() => {
            setState({ status: 'joining' });
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </Button>
        <Link to="/trips" className={buttonClassName({ variant: 'secondary' })}>
          Go to my trips
        </Link>
      </div>
    </section>
  );
}

function DeadLink({ message }: { message: string }) {
  return (
    <section className={styles.panel} aria-labelledby="join-title">
      <div className={cx(styles.icon, styles.errorIcon)} aria-hidden="true">
        <Link2Off size={26} />
      </div>
      <h1 id="join-title" className={styles.title}>
        This invite link can't be used
      </h1>
      <p className={styles.text} role="alert">
        {message}
      </p>
      <div className={styles.actions}>
        <Link to="/trips" className={buttonClassName()}>
          Go to my trips
        </Link>
        <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
          Home
        </Link>
      </div>
    </section>
  );
}
