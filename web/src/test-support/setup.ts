// The web-components Vitest project's setup: jest-dom's matchers, a clean page and network after each test, and
// the browser APIs jsdom lacks that our components use (the modal <dialog>; scrollIntoView, a no-op as jsdom lays
// nothing out).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor return as soon as the page shows what they wait for; Testing Library's 1 s ceiling is what a
// step took on a quiet machine, and two test runs sharing two cores made quick steps take several seconds. A step
// that never comes still fails, within the test's own ceiling (vitest.config.ts).
configure({ asyncUtilTimeout: 20_000 });

if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});
