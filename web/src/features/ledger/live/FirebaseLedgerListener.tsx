import { useEffect, useRef, useState } from 'react';
import { collection, type QuerySnapshot } from 'firebase/firestore';
import { FirebaseAppProvider, FirestoreProvider, useFirestore, useFirestoreCollection } from 'reactfire';
import { firebaseApp, firestore, signInAs } from '@/shared/firebase/client';
import { useSession } from '@/features/auth';
import type { StreamStatus } from './liveStream';
import { ledgerApi } from '../ledgerApi';

interface ListenerProps {
  tripId: string;
  onChange: () => void;
  onStatus: (status: StreamStatus) => void;
  onRevoked: () => void;
}

/** Waits before signing in again after a failure: 1 s, 2 s, 4 s … up to 30 s. */
const retryDelayMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/**
 * The trip's ledger notices (trips/{tripId}/ledger_notices/{0..7}, functions/src/store/firestore/ledger-notice.ts):
 * every change bumps the version of one of them, so their sum is a version of the whole trip's ledger.
 */
const noticesVersion = (notices: QuerySnapshot) =>
  notices.docs.reduce((sum, notice) => sum + Number(notice.get('version') ?? 0), 0);

/**
 * Calls onChange for every version of the trip's ledger notices after the first (which the API already answered):
 * one small document read per change. Live only while Firestore answers from the server: a snapshot from the SDK's
 * cache (the backend out of reach) says the page is still connecting, or reconnecting once it had been live.
 */
function NoticeWatch({ tripId, onChange, onStatus, onRevoked }: ListenerProps) {
  const db = useFirestore();
  const { data, error } = useFirestoreCollection(collection(db, `trips/${tripId}/ledger_notices`), {
    suspense: false,
  });
  // The version last seen; null before the first snapshot (a trip without ledger writes has no notices yet).
  const last = useRef<{ version: number } | null>(null);
  const wasLive = useRef(false);
  useEffect(() => {
    if (!data) return;
    const fromServer = !data.metadata.fromCache;
    wasLive.current ||= fromServer;
    onStatus(fromServer ? 'live' : wasLive.current ? 'reconnecting' : 'connecting');
    const version = noticesVersion(data);
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
      signInAs(userId, () => ledgerApi.firebaseToken().then((answer) => answer.firebaseToken)).then(
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

/** Firebase mode's half of useLiveLedger: a reactfire listener on the trip's ledger-notice documents. */
export function FirebaseLedgerListener(props: ListenerProps) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <FirestoreProvider sdk={firestore}>
        <SignedInWatch {...props} />
      </FirestoreProvider>
    </FirebaseAppProvider>
  );
}
