import { useEffect, useState } from 'react';

/**
 * False until the browser has painted what the component rendered once `ready` (default: at once) became true (two
 * frames on, then a task); true from then on. What waits on it (a page's secondary chunks, its secondary reads'
 * checks and render) comes after the page's main content is on screen rather than against it, on a slow network or
 * a slow phone. Without requestAnimationFrame, after a task.
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  const waiting = ready && !painted;
  useEffect(() => {
    if (!waiting) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      timer = setTimeout(() => setPainted(true), 0);
    };
    if (typeof requestAnimationFrame !== 'function') {
      later();
      return () => clearTimeout(timer);
    }
    // The second frame's callback runs once the first frame (this render) has been presented.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(later);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [waiting]);
  return painted;
}
