/**
 * Issue #24: a deep link's first visit on a slow phone waited on a chain (the entry runs, then the data layer's
 * chunk, then the page's chunk, then the page asks for its answers). index.html carries a table (written at build
 * time by web/vite-first-load.ts) naming, for each signed-in page, the script and style files it needs and the API
 * answers it reads first. This small script is its own file in index.html, run before the entry, while the entry
 * may still be downloading: it starts those requests (with the session's token) and those downloads. The API
 * client takes each early answer in place of its own first request of the same address (shared/earlyAnswers.ts).
 * Self-contained on purpose: an import would be one more file to wait for before it can run.
 */
import type { EarlyAnswers, FirstLoadRoute, FirstLoadTable } from './shared/earlyAnswers';

function start(): void {
  const table = document.getElementById('first-load')?.textContent;
  if (!table) return;
  const { tokenKey, routes } = JSON.parse(table) as FirstLoadTable;
  const path = location.pathname;
  const route = routes.find((r) => new RegExp(r.path).test(path));
  if (!route) return;
  // The answers first: the browser opens a few connections per site and queues what is asked beyond them, in order.
  fetchAnswers(route, path, tokenKey);
  for (const file of route.files) {
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
  // The page's first Intl.NumberFormat costs some 80 ms on a slow phone (ICU's number data, once per page): made
  // here, before the first paint, rather than inside the page's first render with data, which it lengthened.
  if (route.formatsMoney)
    new Intl.NumberFormat(navigator.language, { style: 'currency', currency: 'USD' }).format(0);
}

/** Requests the route's first API reads with the session's token, for shared/earlyAnswers.ts to hand out. */
function fetchAnswers(route: FirstLoadRoute, path: string, tokenKey: string): void {
  let token: string | null = null;
  try {
    token = localStorage.getItem(tokenKey);
  } catch {
    // Storage blocked: the page will ask to sign in, with nothing to fetch early.
  }
  if (!token) return;
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
