/**
 * A deep link's first visit on a slow phone waited on a chain (the entry runs, then the data layer's
 * chunk, then the page's chunk, then the page asks for its answers). index.html carries a table (written at build
 * time by web/vite-first-load.ts) naming, for each signed-in page, the script and style files it needs and the API
 * answers it reads first. This small script is index.html's only script, run while the entry may still be
 * downloading: it draws the page's frame (header, heading, loading state) for a signed-in visitor, starts those
 * requests (with the session's token) and those downloads, and then runs the entry (after the frame's first paint
 * when it drew one). The API client takes each early answer in place of its own first request of the same address
 * (shared/earlyAnswers.ts).
 * Self-contained on purpose: an import would be one more file to wait for before it can run.
 */
import type { EarlyAnswers, FirstLoadRoute, FirstLoadTable } from './shared/earlyAnswers';

/** How long the entry (and where the frame shows a heading, the requests) wait for the frame's first paint at most. */
const FIRST_PAINT_WAIT_MS = 300;

function start(): void {
  const table = document.getElementById('first-load')?.textContent;
  if (!table) return;
  const { entry, tokenKey, routes } = JSON.parse(table) as FirstLoadTable;
  const path = location.pathname;
  const route = routes.find((r) => new RegExp(r.path).test(path));
  const session = route ? storedSession(tokenKey) : null;
  if (!route || !session) {
    runEntry(entry);
    return;
  }
  const request = () => {
    // The answers first: the browser opens a few connections per site and queues what is asked beyond them, in
    // order.
    fetchAnswers(route, path, session.token);
    preload(route.files);
  };
  const run = () => {
    runEntry(entry);
    // The page's first Intl.NumberFormat costs some 80 ms on a slow phone (ICU's number data, once per page): made
    // in a task of its own, rather than inside the page's first render with data, which it lengthened.
    if (route.formatsMoney)
      setTimeout(() =>
        new Intl.NumberFormat(navigator.language, { style: 'currency', currency: 'USD' }).format(0),
      );
  };
  // Where the page waits for its data, its requests go first; where the frame shows the page's heading, they wait
  // for its paint rather than share the phone's link and main thread with it. The entry's evaluation (React and the
  // router, one long task) waits for the frame's paint either way.
  const rest = () => {
    if (route.headingFirst) request();
    run();
  };
  const draw = () => (drawFrame(route, session.firstName) ? afterFirstPaint(rest) : rest());
  // The frame is drawn once the page's style sheets it needs apply (the page would load them anyway).
  const frame = () => void applyStyles(route.frameCss ?? []).then(draw, rest);
  if (route.headingFirst) frame();
  else {
    request();
    // The frame in a task of its own: the task that asks for the page's files and answers ends at once, rather than
    // after the frame's cloning and first style pass (a slow phone's main thread, which Lighthouse's simulation
    // charges to every request made in that task).
    setTimeout(frame);
  }
}

/** Applies the style sheets `files`: resolves once all have loaded, rejects if one fails. */
function applyStyles(files: string[]): Promise<unknown> {
  return Promise.all(
    files.map(
      (file) =>
        new Promise((resolve, reject) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.crossOrigin = ''; // as Vite's loader asks for it, which then finds it applied already
          link.href = file;
          link.onload = resolve;
          link.onerror = reject;
          document.head.appendChild(link);
        }),
    ),
  );
}

/** Starts downloading the page's script and style files (not applied: the page's code does that as it runs). */
function preload(files: string[]): void {
  for (const file of files) {
    if (document.querySelector(`link[href="${file}"]`)) continue; // a style sheet the frame applied
    const link = document.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // As Vite's own loader asks for them (crossorigin), so the browser reuses these downloads.
    link.crossOrigin = '';
    link.href = file;
    document.head.appendChild(link);
  }
}

/** Runs the app's entry script (preloaded by index.html). */
function runEntry(entry: string): void {
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = ''; // as index.html preloads it, so the preloaded module is the one run
  script.src = entry;
  document.head.appendChild(script);
}

/**
 * Calls `then` once the page's first contentful paint is reported (the frame is on screen), or after a while where
 * it is not (a tab not shown paints nothing; a browser without paint timing).
 */
function afterFirstPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    then();
  };
  let observer: PerformanceObserver | undefined;
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing here: the timer alone.
  }
  setTimeout(once, FIRST_PAINT_WAIT_MS);
}

/** The stored session, as the app will show it: signed in as `firstName`. */
interface Session {
  token: string;
  firstName: string;
}

/**
 * The stored token if it is a session the app will show as signed in, else null (the page will ask to sign in): as
 * features/auth/session.ts decides, its claims are there and it has not expired.
 */
function storedSession(tokenKey: string): Session | null {
  try {
    const token = localStorage.getItem(tokenKey);
    if (!token) return null;
    const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(payload), (c) => c.charCodeAt(0)));
    const claims = JSON.parse(json) as Record<string, unknown>;
    const complete = ['userId', 'email', 'username', 'first_name', 'last_name'].every(
      (key) => typeof claims[key] === 'string',
    );
    const expired = typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now();
    return complete && !expired ? { token, firstName: claims.first_name as string } : null;
  } catch {
    // Storage blocked or not a token: the page will ask to sign in, with nothing to fetch early.
    return null;
  }
}

/**
 * Whether it put the route's frame (index.html's template: the app's first render there for a signed-in user) in #root with
 * the session's name, so the page's header, heading and loading state are painted while the app's code downloads.
 * The app's first render draws the same, in place of it (React empties #root as it first commits).
 */
function drawFrame(route: FirstLoadRoute, firstName: string): boolean {
  const template = route.frame ? document.getElementById(route.frame) : null;
  const root = document.getElementById('root');
  if (!(template instanceof HTMLTemplateElement) || !root) return false;
  const frame = template.content.cloneNode(true) as DocumentFragment;
  for (const field of frame.querySelectorAll<HTMLElement>('[data-user]'))
    field.textContent = field.dataset.user === 'initial' ? firstName.charAt(0) : firstName;
  // Its buttons act only once the app runs: inert until then, so a press is not taken (and lost) by a button that
  // does nothing; its links work as plain links.
  for (const button of frame.querySelectorAll('button')) button.inert = true;
  root.replaceChildren(frame);
  return true;
}

/** Requests the route's first API reads with the session's token, for shared/earlyAnswers.ts to hand out. */
function fetchAnswers(route: FirstLoadRoute, path: string, token: string): void {
  const answers: EarlyAnswers = { page: path, token, answers: {} };
  for (const template of route.api) {
    const address = path.replace(new RegExp(route.path), template);
    answers.answers[address] = fetch(address, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    }).catch(() => null);
  }
  window.wayfareEarlyAnswers = answers;
}

start();
