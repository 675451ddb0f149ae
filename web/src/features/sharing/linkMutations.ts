import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkKind } from '@wayfare/contract';
import { queryKeys } from '@/shared/query/queryKeys';
import { makeLink, revokeLink } from './linksApi';

/**
 * Making a trip's share or calendar link (`make: true`, the old one stops working) or turning it off: the link as
 * the server answered it (none once off) shown at once.
 */
export function useLinkChange(tripId: string, kind: LinkKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (make: boolean) => {
      if (make) return makeLink(tripId, kind);
      await revokeLink(tripId, kind);
      return null;
    },
    onSuccess: (link) => queryClient.setQueryData(queryKeys.tripLink(tripId, kind), link),
  });
}
