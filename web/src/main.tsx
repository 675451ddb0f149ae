import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadFramedScreens } from './app/routes';
import { afterPageSettles } from './shared/afterPageSettles';
import { linkManifest } from './shared/linkManifest';
import { suppressResizeObserverErrors } from './shared/suppressResizeObserverErrors';
import './shared/styles/tokens.css';
import './shared/styles/global.css';

suppressResizeObserverErrors(window);

// The service worker precaches the whole app for offline use (every route's files): registered once the page has
// settled, so its downloads do not compete with a first visit's own (vite.config.ts: injectRegister false). The web
// app manifest too (vite.config.ts takes its link out of index.html): a phone's browser fetches it and its icon as
// soon as it sees the link, which a first visit's own files then wait behind on a slow link.
afterPageSettles(() => {
  linkManifest();
  if ('serviceWorker' in navigator)
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition renders in slices that yield to the browser between them, so the first render of a page (the app
// shell, then the route's chunk) is not one long task that holds input back on a slow phone.
const render = (container: HTMLElement) =>
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });

// index.html's first-load script drew the page's frame (a signed-in visitor, a page that has one): the app's first
// render waits for the page's code, so that it draws the page itself (loading, the same frame) in the frame's
// place, with no spinner in between. React empties #root only as it first commits.
if (root.hasChildNodes())
  void preloadFramedScreens(location.pathname)
    .catch(() => undefined)
    .then(() => render(root));
else render(root);
