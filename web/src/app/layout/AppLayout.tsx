import { startTransition, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '@/features/auth';
import { GuestBanner } from '@/features/join';
import { cx } from '@/shared/cx';
import { queuedWrites } from '@/shared/offline/outbox';
import { UnsentWritesDialog } from '@/shared/offline/UnsentWritesDialog';
import { LoadingState } from '@/shared/ui/Spinner';
import { ErrorBoundary } from '../ErrorBoundary';
import styles from './AppLayout.module.css';
import { Footer } from './Footer';
import { Header } from './Header';
import { useScrollToTop } from './useScrollToTop';

/** Spec §9: the page fades out for 1 s before the session is cleared. */
const LOGOUT_FADE_MS = 1000;

export function AppLayout() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [leaving, setLeaving] = useState(false);
  const [unsent, setUnsent] = useState(0);
  const fadeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useScrollToTop();

  useEffect(() => () => clearTimeout(fadeTimer.current), []);

  const logoutWithFade = useCallback(() => {
    // One transition: home is drawn and the session cleared in the same commit, so a members-only page never
    // renders for a signed-out user (which would redirect to /login).
    const finish = () =>
      startTransition(() => {
        void navigate('/');
        logout();
        setLeaving(false);
      });
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      finish();
      return;
    }
    setLeaving(true);
    fadeTimer.current = setTimeout(finish, LOGOUT_FADE_MS);
  }, [logout, navigate]);

  // Logging out discards the user's writes still waiting on the device: ask first when there are any.
  const requestLogout = useCallback(() => {
    const userId = user?.userId;
    void queuedWrites()
      .then((writes) => writes.filter((w) => w.userId === userId).length)
      .catch(() => 0) // no IndexedDB: nothing can be waiting
      .then((count) => (count > 0 ? setUnsent(count) : logoutWithFade()));
  }, [user?.userId, logoutWithFade]);

  return (
    <div className={cx(styles.app, leaving && styles.leaving)} inert={leaving}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <Header onLogout={requestLogout} />
      {user?.guestTripId !== undefined && <GuestBanner />}
      <main id="main" className={styles.main} tabIndex={-1}>
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<LoadingState label="Loading…" />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <UnsentWritesDialog
        count={unsent}
        onStay={() => setUnsent(0)}
        onDiscard={() => {
          setUnsent(0);
          logoutWithFade();
        }}
      />
    </div>
  );
}
