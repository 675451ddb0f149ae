import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A page opened by a link or a redirect starts at its top; Back and Forward (and the skip link's #main) leave the
 * position to the browser, which restores it.
 */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
}
