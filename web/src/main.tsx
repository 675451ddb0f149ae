import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { suppressResizeObserverErrors } from './shared/suppressResizeObserverErrors';
import './shared/styles/tokens.css';
import './shared/styles/global.css';

suppressResizeObserverErrors(window);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
