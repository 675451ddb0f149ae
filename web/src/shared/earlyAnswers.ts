/** One signed-in page's first-visit needs, as index.html's `#first-load` table names them (vite-first-load.ts). */
export interface FirstLoadRoute {
  /** A regular expression on location.pathname; its groups fill the `$1`… of `api`. */
  path: string;
  /** Script and style files the page loads, other than the entry's own. */
  files: string[];
  /** The API addresses the page reads first. */
  api: string[];
  /** The page shows sums of money at once (its first Intl.NumberFormat is made before the page's first data). */
  formatsMoney?: boolean;
  /** The id of index.html's template holding the app's first render on this page for a signed-in user. */
  frame?: string;
  /** The page's style sheets (among `files`) the frame needs beyond the entry's: applied before it is drawn. */
  frameCss?: string[];
  /**
   * The frame shows the page's heading (its largest text until the data comes): it is painted before the answers
   * and downloads start. Elsewhere the data is what the page is waiting for, and its requests start at once.
   */
  headingFirst?: boolean;
}

export interface FirstLoadTable {
  /** The app's entry script: firstLoad.ts starts it (index.html only preloads it). */
  entry: string;
  tokenKey: string;
  routes: FirstLoadRoute[];
}

/** The requests firstLoad.ts started before the app ran: for the page at `page`, with the session `token`. */
export interface EarlyAnswers {
  page: string;
  token: string;
  /** By address; null when the request got no answer. */
  answers: Record<string, Promise<Response | null>>;
}

declare global {
  interface Window {
    wayfareEarlyAnswers?: EarlyAnswers;
  }
}

/** After this long an early answer is no longer the page's first look at its data: ask anew. */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

/**
 * The answer `early` holds for a GET of `path` with `token`, taken out of it: only while the page it was started
 * for is still the one shown (`page`), within its first seconds (`now`, from navigation start), and never twice (a
 * later read asks anew).
 */
export function takeEarlyAnswer(
  early: EarlyAnswers | undefined,
  request: { path: string; token: string | null; page: string; now: number },
): Promise<Response | null> | undefined {
  const answer = early?.answers[request.path];
  if (!early || !answer) return undefined;
  delete early.answers[request.path];
  const fresh =
    early.token === request.token && early.page === request.page && request.now < EARLY_ANSWER_MAX_AGE_MS;
  return fresh ? answer : undefined;
}

/** takeEarlyAnswer from what firstLoad.ts left on the window, for this page now. */
export const takeWindowEarlyAnswer = (path: string, token: string | null) =>
  typeof window === 'undefined'
    ? undefined
    : takeEarlyAnswer(window.wayfareEarlyAnswers, {
        path,
        token,
        page: location.pathname,
        now: performance.now(),
      });
