import { useCallback, useMemo } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

/**
 * A list read a page at a time (an infinite query), as a screen shows it: its items in page order, whether it is
 * loading, failed or ready — trying again after a failure shows the loading state, as the first load does — and
 * the next page's state for `LoadMore`. `itemsOf` picks a page's items (keep it stable: a module-level function).
 */
export function usePagedList<TPage, TItem>(
  query: UseInfiniteQueryResult<InfiniteData<TPage, unknown>>,
  itemsOf: (page: TPage) => TItem[],
) {
  const { data, isError, isFetching, fetchNextPage } = query;
  const items = useMemo(() => data?.pages.flatMap(itemsOf), [data, itemsOf]);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  return {
    items,
    firstPage: data?.pages[0],
    status: data ? ('ready' as const) : isError && !isFetching ? ('error' as const) : ('loading' as const),
    error: query.error,
    retry: () => void query.refetch(),
    /** The next page: offered while there is one; `failed` when reading it did. */
    more: {
      available: query.hasNextPage,
      loading: query.isFetchingNextPage,
      failed: query.isFetchNextPageError,
      load: loadMore,
    },
  };
}
