import { useEffect } from 'react';

/** "My Trips · Wayfare": tabs, history and screen readers name the page. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Wayfare` : 'Wayfare';
  }, [title]);
}
