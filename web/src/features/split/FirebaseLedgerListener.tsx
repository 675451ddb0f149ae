import { useEffect, useRef } from 'react';
import { initializeApp, getApps } from 'firebase/app';
import { getAuth, signInWithCustomToken } from 'firebase/auth';
import { collection, getFirestore } from 'firebase/firestore';
import {
  AuthProvider,
  FirebaseAppProvider,
  FirestoreProvider,
  useFirestore,
  useFirestoreCollection,
  useSigninCheck,
} from 'reactfire';
import type { StreamStatus } from './liveStream';
import { splitApi } from './splitApi';

interface ListenerProps {
  tripId: string;
  onChange: () => void;
  onStatus: (status: StreamStatus) => void;
  onRevoked: () => void;
}

/** The web app's Firebase project, from the build's VITE_FIREBASE_* variables (firebase mode only). */
const firebaseConfig = {
  apiKey: import.meta.env.VITE_FIREBASE_API_KEY as string,
  authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN as string,
  projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID as string,
  appId: import.meta.env.VITE_FIREBASE_APP_ID as string,
};

const app = getApps()[0] ?? initializeApp(firebaseConfig);
const auth = getAuth(app);
const firestore = getFirestore(app);

/** Signs in to Firebase Auth with a custom token minted by the API for the current session. */
let signingIn: Promise<unknown> | null = null;
function ensureSignedIn() {
  signingIn ??= splitApi
    .firebaseToken()
    .then(({ firebaseToken }) => signInWithCustomToken(auth, firebaseToken));
  return signingIn;
}

/** Calls onChange whenever a collection snapshot after the first one arrives. */
function CollectionWatch({
  path,
  onChange,
  onRevoked,
}: {
  path: string;
  onChange: () => void;
  onRevoked: () => void;
}) {
  const db = useFirestore();
  const { data, error } = useFirestoreCollection(collection(db, path), { suspense: false });
  const last = useRef<unknown>(null);
  useEffect(() => {
    // The first snapshot is what the API already answered; later ones are changes.
    if (!data || data === last.current) return;
    if (last.current !== null) onChange();
    last.current = data;
  }, [data, onChange]);
  useEffect(() => {
    // firestore.rules deny the read once the user is no longer a member.
    if (error) onRevoked();
  }, [error, onRevoked]);
  return null;
}

function Watches({ tripId, onChange, onStatus, onRevoked }: ListenerProps) {
  const { status, data } = useSigninCheck({ suspense: false });
  useEffect(() => {
    void ensureSignedIn().catch(onRevoked);
  }, [onRevoked]);
  const signedIn = status === 'success' && data.signedIn;
  useEffect(() => onStatus(signedIn ? 'live' : 'connecting'), [signedIn, onStatus]);
  if (!signedIn) return null;
  return (
    <>
      <CollectionWatch path={`trips/${tripId}/expenses`} onChange={onChange} onRevoked={onRevoked} />
      <CollectionWatch path={`trips/${tripId}/settlements`} onChange={onChange} onRevoked={onRevoked} />
    </>
  );
}

/** Firebase mode's half of useLiveLedger: reactfire listeners on the trip's expenses and settlements. */
export function FirebaseLedgerListener(props: ListenerProps) {
  return (
    <FirebaseAppProvider firebaseApp={app}>
      <AuthProvider sdk={auth}>
        <FirestoreProvider sdk={firestore}>
          <Watches {...props} />
        </FirestoreProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
