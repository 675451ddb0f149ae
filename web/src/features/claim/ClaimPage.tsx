import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { Link2Off, MapPin, RefreshCw, UserRoundCheck } from 'lucide-react';
import { CLAIM_LINK_UNKNOWN, INVITE_LINK_TOKEN, type GuestClaim } from '@wayfare/contract';
import { ApiError, errorMessage } from '@/shared/api';
import { cx } from '@/shared/cx';
import { money } from '@/shared/locale';
import { Button, buttonClassName } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import { LoadingState } from '@/shared/ui/Spinner';
import { useDocumentTitle } from '@/shared/useDocumentTitle';
import { type LoginLocationState, useSession } from '@/features/auth';
import { guestClaimQuery, useAcceptGuestClaim } from './claimApi';
import panel from '@/shared/ui/MessagePanel.module.css';
import styles from './ClaimPage.module.css';

const LOAD_FAILED = 'Could not open the claim link. Please try again.';
const ACCEPT_FAILED = 'Could not take over this place. Please try again.';

/** Unknown, expired, turned off or used: the link will not work on a second try (the server says which). */
const isDead = (error: unknown) => error instanceof ApiError && [400, 404, 410].includes(error.status);

/** Where the guest stands, as a sentence goes on after their name. */
const standing = ({ balance_minor, home_currency }: GuestClaim) =>
  balance_minor > 0
    ? `is owed ${money(balance_minor, home_currency)}`
    : balance_minor < 0
      ? `owes ${money(-balance_minor, home_currency)}`
      : 'owes nothing and is owed nothing';

const splitPage = (tripId: string) => `/trips/${encodeURIComponent(tripId)}/split`;

/**
 * /claim/{token}: a guest's claim link. It shows the trip and the guest's balance to anyone holding it; signed in,
 * "I am {guest}" makes the visitor that person in the ledger and opens the trip's split page. Signed out, they log
 * in or sign up first and come back here (router state) to say so themselves; so does a guest session (a guest
 * making an account of their own), whose account then replaces it on the device.
 */
export function ClaimPage() {
  const { token = '' } = useParams();
  useDocumentTitle('Claim your place in a trip');
  if (!INVITE_LINK_TOKEN.test(token)) return <DeadLink message={CLAIM_LINK_UNKNOWN} />;
  return <Claim key={token} token={token} />;
}

function Claim({ token }: { token: string }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const read = useQuery(guestClaimQuery(token));
  const accepting = useAcceptGuestClaim(token);
  const claim = read.data;

  if (isDead(read.error) || isDead(accepting.error)) {
    return <DeadLink message={errorMessage(read.error ?? accepting.error, CLAIM_LINK_UNKNOWN)} />;
  }
  if (!claim) {
    return read.isError ? (
      <section className={panel.panel} aria-labelledby="claim-title">
        <h1 id="claim-title" className={panel.title}>
          Could not open the link
        </h1>
        <p className={panel.text} role="alert">
          {errorMessage(read.error, LOAD_FAILED)}
        </p>
        <div className={panel.actions}>
          <Button loading={read.isFetching} loadingText="Trying again…" onClick={() => void read.refetch()}>
            <RefreshCw size={18} aria-hidden="true" /> Try again
          </Button>
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            Home
          </Link>
        </div>
      </section>
    ) : (
      <section className={panel.panel} aria-busy="true" aria-labelledby="claim-title">
        <h1 id="claim-title" className={panel.title}>
          Opening the link…
        </h1>
        <LoadingState label="Loading the claim link" />
      </section>
    );
  }

  const accept = () =>
    accepting.mutate(undefined, {
      onSuccess: ({ trip_id }) => void navigate(splitPage(trip_id), { replace: true }),
    });
  const signIn: LoginLocationState = {
    claimToken: token,
    message: `Log in to take over ${claim.guest_name}'s place in ${claim.trip_name}.`,
  };
  // 409: the visitor is in the trip already, so they cannot also become the guest; the trip is theirs to open.
  const inTrip = accepting.error instanceof ApiError && accepting.error.status === 409;
  return (
    <section className={panel.panel} aria-labelledby="claim-title">
      <div className={panel.icon} aria-hidden="true">
        <UserRoundCheck size={26} />
      </div>
      <h1 id="claim-title" className={panel.title}>
        {claim.trip_name}
      </h1>
      <p className={cx(panel.text, styles.city)}>
        <MapPin size={16} aria-hidden="true" /> {claim.city_name}
      </p>
      <p>
        You were invited to take over the place of <strong>{claim.guest_name}</strong>, a guest on this trip.
        What they paid and owe becomes yours.
      </p>
      <p className={cx(styles.balance, claim.balance_minor > 0 && styles.owed)}>
        {claim.guest_name} {standing(claim)}
      </p>
      {user && user.guestTripId === undefined ? (
        <>
          <div className={panel.actions}>
            {inTrip ? (
              <Link to={splitPage(claim.trip_id)} className={buttonClassName({ variant: 'secondary' })}>
                Open the trip
              </Link>
            ) : (
              <Button loading={accepting.isPending} loadingText="Taking over…" onClick={accept}>
                I am {claim.guest_name}
              </Button>
            )}
          </div>
          {accepting.isError && <Notice tone="error">{errorMessage(accepting.error, ACCEPT_FAILED)}</Notice>}
        </>
      ) : (
        <div className={panel.actions}>
          <Link to="/login" state={signIn} className={buttonClassName()}>
            Sign in
          </Link>
          <Link to="/signup" state={signIn} className={buttonClassName({ variant: 'secondary' })}>
            Sign up
          </Link>
        </div>
      )}
    </section>
  );
}

function DeadLink({ message }: { message: string }) {
  return (
    <section className={panel.panel} aria-labelledby="claim-title">
      <div className={cx(panel.icon, panel.errorIcon)} aria-hidden="true">
        <Link2Off size={26} />
      </div>
      <h1 id="claim-title" className={panel.title}>
        This claim link can't be used
      </h1>
      <p className={panel.text} role="alert">
        {message}
      </p>
      <div className={panel.actions}>
        <Link to="/" className={buttonClassName()}>
          Home
        </Link>
      </div>
    </section>
  );
}
