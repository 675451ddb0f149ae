import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../shared/query/queryKeys';
import { STALE } from '../../shared/query/queryClient';
import { splitApi } from '../split';

/** The caller's pending invitations: read on every visit of a page that lists them. */
export const myInvitationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.myInvitations(),
    queryFn: ({ signal }) => splitApi.myInvitations(signal),
    staleTime: STALE.CHANGED_BY_OTHERS,
  });
