import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { afterPageSettles } from './shared/afterPageSettles';
import { suppressResizeObserverErrors } from './shared/suppressResizeObserverErrors';
import './shared/styles/tokens.css';
import './shared/styles/global.css';

suppressResizeObserverErrors(window);

// The service worker precaches the whole app for offline use (every route's files): registered once the page has
// settled, so its downloads do not compete with a first visit's own (vite.config.ts: injectRegister false).
if ('serviceWorker' in navigator) {
  afterPageSettles(
    () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined),
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition renders in slices that yield to the browser between them, so the first render of a page (the app
// shell, then the route's chunk) is not one long task that holds input back on a slow phone.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
