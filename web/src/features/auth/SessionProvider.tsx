import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { TOKEN_KEY, clearToken, writeToken } from '@/shared/authToken';
import { signOutOfFirebase } from '@/shared/firebase/mode';
import { clearApiCache } from '@/shared/offline/apiCache';
import { clearOutbox } from '@/shared/offline/outbox';
import { useOutboxSync } from '@/shared/offline/useOutbox';
import { SessionContext, type Session } from './SessionContext';
import { decodeSession, restoreSession, type SessionUser } from './session';

// setTimeout fires at once for delays above 2^31-1 ms; long-lived tokens are re-checked at this interval instead.
const MAX_TIMER_MS = 2 ** 31 - 1;

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(restoreSession);

  const login = useCallback((token: string) => {
    const next = decodeSession(token);
    if (!next) return false;
    writeToken(token);
    setUser(next);
    // A new session starts with no API answers kept from an earlier one (perhaps another user's, expired).
    void clearApiCache().catch(() => {});
    return true;
  }, []);

  const logout = useCallback(() => {
    clearToken();
    setUser(null);
    // The API answers the service worker kept, and unsent writes, are this user's: none stay on the device.
    void clearApiCache().catch(() => {});
    void clearOutbox().catch(() => {});
  }, []);

  // Firebase Auth follows the session: signed out on logout, and on a switch of user (the listener signs in again).
  const userId = user?.userId;
  useEffect(() => {
    void signOutOfFirebase().catch(() => {});
  }, [userId]);

  useOutboxSync(userId);

  // An expired token is a signed-out session: drop it when the expiry passes while the app is open.
  useEffect(() => {
    if (user?.exp === undefined) return;
    const timer = setTimeout(
      () => setUser(restoreSession()),
      Math.min(user.exp * 1000 - Date.now(), MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [user]);

  // Logging in or out in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) setUser(restoreSession());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const session = useMemo<Session>(() => ({ user, login, logout }), [user, login, logout]);
  return <SessionContext value={session}>{children}</SessionContext>;
}
