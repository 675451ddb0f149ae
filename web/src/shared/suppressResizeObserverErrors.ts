/** Chromium's "loop completed with undelivered notifications" and the older "loop limit exceeded" wording. */
export function isResizeObserverLoopError(message: unknown): boolean {
  return typeof message === 'string' && message.startsWith('ResizeObserver loop');
}

/**
 * Spec §8: resize-observer loop errors are benign (a layout settles one frame later) but the browser reports them
 * as uncaught errors; stop them before they reach other error handlers or the dev overlay.
 */
export function suppressResizeObserverErrors(target: Window): void {
  target.addEventListener(
    'error',
    (event) => {
      if (!isResizeObserverLoopError(event.message)) return;
      event.stopImmediatePropagation();
      event.preventDefault();
    },
    { capture: true },
  );
}
