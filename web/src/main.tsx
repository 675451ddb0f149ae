import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { suppressResizeObserverErrors } from './shared/suppressResizeObserverErrors';
import './shared/styles/tokens.css';
import './shared/styles/global.css';

suppressResizeObserverErrors(window);

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
