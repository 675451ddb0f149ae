import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/queryKeys';
import { STALE } from '@/shared/query/queryClient';
import { invitationsApi } from './invitationsApi';

/** The caller's pending invitations: read on every visit of a page that lists them. */
export const myInvitationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.myInvitations(),
    queryFn: ({ signal }) => invitationsApi.myInvitations(signal),
    staleTime: STALE.CHANGED_BY_OTHERS,
  });
