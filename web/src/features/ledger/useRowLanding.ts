import { useEffect, useRef } from 'react';

/**
 * Where focus goes when the button a keyboard user pressed leaves with what it did ('Load more' once the last page
 * is in, Remove or Delete with its row): the row after `after` (the first when null), once `gone` has left the list
 * (when given; without it, once that row exists). A row taking a removed one's place at the end is the last row.
 */
export interface RowLanding {
  after: string | null;
  gone: string | null;
}

/**
 * Focus for a list whose rows (`<li tabIndex={-1}>`, children of the `list` element) have the given ids, in order:
 * `land` says where it goes after the next change of the rows, `land(null)` forgets it (the change failed).
 */
export function useRowLanding(ids: string[]) {
  const list = useRef<HTMLUListElement>(null);
  const landing = useRef<RowLanding | null>(null);
  const key = ids.join('\n');
  useEffect(() => {
    const target = landing.current;
    const rows = key === '' ? [] : key.split('\n');
    if (!target || (target.gone !== null && rows.includes(target.gone))) return;
    const next = target.after === null ? 0 : rows.indexOf(target.after) + 1;
    if (target.gone === null && (next === 0 || next >= rows.length)) return;
    const row = list.current?.children[Math.min(next, rows.length - 1)];
    if (row instanceof HTMLElement) row.focus();
    landing.current = null;
  }, [key]);
  return {
    list,
    land: (target: RowLanding | null) => {
      landing.current = target;
    },
  };
}
