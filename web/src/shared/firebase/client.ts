import { getApps, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  inMemoryPersistence,
  initializeAuth,
  signInWithCustomToken,
  signOut,
} from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { noteFirebaseSignIn } from './signedIn';

/** The web app's Firebase project, from the build's VITE_FIREBASE_* variables (web/.env.firebase, .env.emulators). */
const env = import.meta.env;
export const firebaseApp =
  getApps()[0] ??
  initializeApp({
    apiKey: env.VITE_FIREBASE_API_KEY as string,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN as string,
    projectId: env.VITE_FIREBASE_PROJECT_ID as string,
    appId: env.VITE_FIREBASE_APP_ID as string,
  });
// In memory only: the session token is the source of truth, so a reload or logout leaves no Firebase session behind.
export const firebaseAuth = initializeAuth(firebaseApp, { persistence: inMemoryPersistence });
export const firestore = getFirestore(firebaseApp);

// A build for the emulator suite (`--mode emulators`) talks to the local Auth and Firestore emulators: where the
// suite's /emulator-hosts.js says they listen (a test run's free ports), else at the build's addresses.
const runHosts = (globalThis as { wayfareEmulatorHosts?: { auth: string; firestore: string } })
  .wayfareEmulatorHosts;
const emulatorBuild = Boolean(env.VITE_FIREBASE_AUTH_EMULATOR_HOST);
const authEmulator = emulatorBuild
  ? (runHosts?.auth ?? (env.VITE_FIREBASE_AUTH_EMULATOR_HOST as string))
  : undefined;
const firestoreEmulator = emulatorBuild
  ? (runHosts?.firestore ?? (env.VITE_FIREBASE_FIRESTORE_EMULATOR_HOST as string | undefined))
  : undefined;
if (authEmulator) connectAuthEmulator(firebaseAuth, `http://${authEmulator}`, { disableWarnings: true });
if (firestoreEmulator) {
  const [host, port] = firestoreEmulator.split(':');
  connectFirestoreEmulator(firestore, host as string, Number(port));
}

let signingIn: { userId: string; done: Promise<void> } | null = null;

/**
 * Signs Firebase Auth in as the session's user, with a custom token the API mints for that session. A different
 * user signed in before (a switch of accounts) is signed out first; a failed sign-in is forgotten, so the next call
 * tries again rather than repeating the failure.
 */
export function signInAs(userId: string, mintToken: () => Promise<string>): Promise<void> {
  if (firebaseAuth.currentUser?.uid === userId) return Promise.resolve();
  if (signingIn?.userId === userId) return signingIn.done;
  const attempt = {
    userId,
    done: (async () => {
      if (firebaseAuth.currentUser) await signOut(firebaseAuth);
      await signInWithCustomToken(firebaseAuth, await mintToken());
      noteFirebaseSignIn();
    })(),
  };
  signingIn = attempt;
  attempt.done.catch(() => {
    if (signingIn === attempt) signingIn = null;
  });
  return attempt.done;
}

export async function firebaseSignOut(): Promise<void> {
  signingIn = null;
  await signOut(firebaseAuth);
}
