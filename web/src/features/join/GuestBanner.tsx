import { useState } from 'react';
import { useNavigate } from 'react-router';
import { UserRoundPlus } from 'lucide-react';
import { errorMessage } from '@/shared/api';
import { Button } from '@/shared/ui/Button';
import { claimOwnGuestLink } from './guestSessionApi';
import styles from './GuestBanner.module.css';

const CLAIM_FAILED = 'Could not start making your account. Please try again.';

/**
 * Shown above every page of a guest session: what it is, and the way to an account that keeps everything (the
 * guest's own claim link, whose page takes them through signing up).
 */
export function GuestBanner() {
  const navigate = useNavigate();
  // The banner is part of the app's frame, outside any page's data layer: a plain call, its state kept here.
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const createAccount = async () => {
    setOpening(true);
    setError(null);
    try {
      const { link } = await claimOwnGuestLink();
      void navigate(link.path);
    } catch (err) {
      setError(err);
      setOpening(false);
    }
  };
  return (
    <section className={styles.banner} aria-label="Guest access">
      <p className={styles.text}>
        You're in as a guest. Create an account to keep this trip and your expenses.
      </p>
      <Button variant="accent" loading={opening} loadingText="Opening…" onClick={() => void createAccount()}>
        <UserRoundPlus size={18} aria-hidden="true" /> Create an account
      </Button>
      {error !== null && (
        <p className={styles.error} role="alert">
          {errorMessage(error, CLAIM_FAILED)}
        </p>
      )}
    </section>
  );
}
