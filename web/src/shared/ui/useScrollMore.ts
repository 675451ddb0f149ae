import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

/** Which ends of a sideways-scrolling row have more out of sight. */
export type ScrollMore = 'none' | 'start' | 'end' | 'both';

/**
 * Which ends of `ref`'s element have more content out of sight, kept current as it scrolls, resizes or its content
 * changes (measured after each render; a state change only when the answer changes). Left-to-right rows.
 */
export function useScrollMore(ref: RefObject<HTMLElement | null>): ScrollMore {
  const [more, setMore] = useState<ScrollMore>('none');
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const { scrollLeft, scrollWidth, clientWidth } = element;
    // A pixel of slack: zoomed and fractional layouts leave a part-pixel after the last scroll position.
    const start = scrollLeft > 1;
    const end = scrollLeft + clientWidth < scrollWidth - 1;
    setMore(start && end ? 'both' : start ? 'start' : end ? 'end' : 'none');
  }, [ref]);
  // After every render: a count arriving in a tab widens the row without resizing it.
  useLayoutEffect(measure);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.addEventListener('scroll', measure, { passive: true });
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resized?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      resized?.disconnect();
    };
  }, [ref, measure]);
  return more;
}
