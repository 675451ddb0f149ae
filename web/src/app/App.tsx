import { BrowserRouter, useRoutes } from 'react-router';
import { SessionProvider } from '@/features/auth';
import { ErrorBoundary } from './ErrorBoundary';
import { routes } from './routes';

/** The screen of routes.tsx at the browser's address. */
function Screens() {
  return useRoutes(routes);
}

// The declarative router, not the data router (createBrowserRouter): the app uses no loaders, actions or fetchers,
// and the data router's code was some 15 kB (brotli) of the entry every first visit waits for.
export function App() {
  return (
    <SessionProvider>
      <BrowserRouter>
        {/* Only reached when the layout itself fails; screens fail inside the layout's own boundary. */}
        <ErrorBoundary>
          <Screens />
        </ErrorBoundary>
      </BrowserRouter>
    </SessionProvider>
  );
}
