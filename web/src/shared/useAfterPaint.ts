import { useEffect, useState } from 'react';

/**
 * False in a component's first render, true once the browser has painted it (two frames on, then a task). What
 * waits on it (a page's secondary chunks) is downloaded after the page's main content is on screen rather than
 * against it, on a slow network. Without requestAnimationFrame, after a task.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
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
  }, []);
  return painted;
}
