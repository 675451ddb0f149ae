import { Outlet } from 'react-router';
import { useSession } from '@/features/auth';
import { DataLayer } from '@/shared/query/DataLayer';

/**
 * The data layer (TanStack Query) around every screen that reads the API. Loaded with the first such screen, so the
 * landing, login and sign-up pages do not carry it.
 */
export function QueryLayer() {
  const { user } = useSession();
  return (
    <DataLayer userId={user?.userId}>
      <Outlet />
    </DataLayer>
  );
}
