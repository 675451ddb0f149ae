/** How long after the load event and the first idle moment a long-lived connection waits before it opens. */
export const SETTLE_DELAY_MS = 2000;

/**
 * Runs `start` once the page's load event has fired (at once when it already has). Returns a function that cancels
 * it.
 */
export function afterLoad(start: () => void): () => void {
  if (document.readyState === 'complete') {
    start();
    return () => {};
  }
  window.addEventListener('load', start, { once: true });
  return () => window.removeEventListener('load', start);
}

/**
 * Runs `start` once the page has settled: after its load event, the browser's next idle moment and `delayMs` more.
 * A connection that never ends (the ledger's live stream) opened earlier keeps a first visit "loading" for anything
 * that waits for the network to go quiet (Lighthouse, a phone's spinner). Returns a function that cancels it.
 */
export function afterPageSettles(start: () => void, delayMs = SETTLE_DELAY_MS): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = (then: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(then, { timeout: delayMs }) : then();
  const cancelLoad = afterLoad(() =>
    idle(() => {
      if (!cancelled) timer = setTimeout(() => !cancelled && start(), delayMs);
    }),
  );
  return () => {
    cancelled = true;
    clearTimeout(timer);
    cancelLoad();
  };
}
