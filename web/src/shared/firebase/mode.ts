import { takeFirebaseSignIn } from './signedIn';

/** Firebase mode is a build-time choice (`vite build --mode firebase|emulators`); embedded builds never load the SDK. */
export const FIREBASE_MODE = import.meta.env.VITE_WAYFARE_BACKEND === 'firebase';

/** Ends the Firebase Auth session, if this page started one (it keeps none across reloads: in-memory persistence). */
export async function signOutOfFirebase(): Promise<void> {
  if (!FIREBASE_MODE || !takeFirebaseSignIn()) return;
  const { firebaseSignOut } = await import('./client');
  await firebaseSignOut();
}
