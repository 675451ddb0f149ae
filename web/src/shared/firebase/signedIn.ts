// Its own module so the Firebase client (a lazy chunk) and mode.ts, which loads that chunk, need not import each other.
let signedIn = false;

/** Called by the Firebase client when it signs in, so logging out knows there is a Firebase session to end. */
export const noteFirebaseSignIn = () => {
  signedIn = true;
};

/** Whether this page has a Firebase session to end; clears the mark (logging out ends it). */
export const takeFirebaseSignIn = (): boolean => {
  const had = signedIn;
  signedIn = false;
  return had;
};
