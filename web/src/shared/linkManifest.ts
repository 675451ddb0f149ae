/** Where the build writes the web app manifest (vite-plugin-pwa's default name). */
export const MANIFEST_URL = '/manifest.webmanifest';

/** Links the web app manifest from the page (once: a second call finds the link there). */
export function linkManifest(doc: Document = document): void {
  if (doc.head.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_URL;
  doc.head.appendChild(link);
}
