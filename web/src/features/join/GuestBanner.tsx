import { useNavigate } from 'react-router';
import { UserRoundPlus } from 'lucide-react';
import { errorMessage } from '@/shared/api';
import { Button } from '@/shared/ui/Button';
import { useClaimOwnGuest } from './guestSessionApi';
import styles from './GuestBanner.module.css';

const CLAIM_FAILED = 'Could not start making your account. Please try again.';

/**
 * Shown above every page of a guest session: what it is, and the way to an account that keeps everything (the
 * guest's own claim link, whose page takes them through signing up).
 */
export function GuestBanner() {
  const navigate = useNavigate();
  const claiming = useClaimOwnGuest();
  const createAccount = () =>
    claiming.mutate(undefined, { onSuccess: ({ link }) => void navigate(link.path) });
  return (
    <section className={styles.banner} aria-label="Guest access">
      <p className={styles.text}>
        You're in as a guest. Create an account to keep this trip and your expenses.
      </p>
      <Button variant="accent" loading={claiming.isPending} loadingText="Opening…" onClick={createAccount}>
        <UserRoundPlus size={18} aria-hidden="true" /> Create an account
      </Button>
      {claiming.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(claiming.error, CLAIM_FAILED)}
        </p>
      )}
    </section>
  );
}
