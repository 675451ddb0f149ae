import { createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '../features/auth';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>
  );
}
