import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms` (what a search asks for while someone types); `initial` until then,
 * and again only when the value has settled.
 */
export function useDebouncedValue<T>(value: T, ms: number, initial: T): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
