import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element comes within `margin` of the viewport, and from then on (the heavy thing it stands in for
 * is loaded once and kept). Where IntersectionObserver does not exist, true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
