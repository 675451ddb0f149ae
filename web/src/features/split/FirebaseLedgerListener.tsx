import { useEffect, useRef, useState } from 'react';
import { doc } from 'firebase/firestore';
import { FirebaseAppProvider, FirestoreProvider, useFirestore, useFirestoreDoc } from 'reactfire';
import { firebaseApp, firestore, signInAs } from '../../shared/firebase/client';
import { useSession } from '../auth';
import type { StreamStatus } from './liveStream';
import { splitApi } from './splitApi';

interface ListenerProps {
  tripId: string;
  onChange: () => void;
  onStatus: (status: StreamStatus) => void;
  onRevoked: () => void;
}

/** Waits before signing in again after a failure: 1 s, 2 s, 4 s … up to 30 s. */
const retryDelayMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/**
 * Calls onChange for every version of the trip's ledger notice after the first (which the API already answered).
 * Live only while Firestore answers from the server: a snapshot from the SDK's cache (the backend out of reach)
 * says the page is still connecting, or reconnecting once it had been live.
 */
function NoticeWatch({ tripId, onChange, onStatus, onRevoked }: ListenerProps) {
  const db = useFirestore();
  const { data, error } = useFirestoreDoc(doc(db, `trips/${tripId}/live/ledger`), { suspense: false });
  // The version last seen; null before the first snapshot (a trip without ledger writes has no notice yet).
  const last = useRef<{ version: unknown } | null>(null);
  const wasLive = useRef(false);
  useEffect(() => {
    if (!data) return;
    const fromServer = !data.metadata.fromCache;
    wasLive.current ||= fromServer;
    onStatus(fromServer ? 'live' : wasLive.current ? 'reconnecting' : 'connecting');
    const version: unknown = data.get('version');
    if (last.current && version !== last.current.version) onChange();
    last.current = { version };
  }, [data, onChange, onStatus]);
  useEffect(() => {
    // firestore.rules deny the read once the user is no longer a member.
    if (error) onRevoked();
  }, [error, onRevoked]);
  return null;
}

function SignedInWatch({ tripId, onChange, onStatus, onRevoked }: ListenerProps) {
  const { user } = useSession();
  const userId = user?.userId;
  const [signedInAs, setSignedInAs] = useState<string | null>(null);
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (n: number) => {
      onStatus(n === 0 ? 'connecting' : 'reconnecting');
      signInAs(userId, () => splitApi.firebaseToken().then((answer) => answer.firebaseToken)).then(
        () => {
          if (cancelled) return;
          setSignedInAs(userId);
        },
        () => {
          if (!cancelled) timer = setTimeout(() => attempt(n + 1), retryDelayMs(n));
        },
      );
    };
    attempt(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [userId, onStatus]);
  if (!userId || signedInAs !== userId) return null;
  return (
    <NoticeWatch key={userId} tripId={tripId} onChange={onChange} onStatus={onStatus} onRevoked={onRevoked} />
  );
}

/** Firebase mode's half of useLiveLedger: a reactfire listener on the trip's one ledger-notice document. */
export function FirebaseLedgerListener(props: ListenerProps) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <FirestoreProvider sdk={firestore}>
        <SignedInWatch {...props} />
      </FirestoreProvider>
    </FirebaseAppProvider>
  );
}
