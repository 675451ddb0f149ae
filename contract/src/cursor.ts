import type { z } from 'zod';

/** A keyset cursor: base64url of the UTF-8 JSON of its values, opaque to clients and safe in a query string. */
export function encodeCursor(values: readonly unknown[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(values));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The values of a cursor `encodeCursor` wrote, checked by `schema`; null for anything else. */
export function decodeCursor<S extends z.ZodType>(cursor: string, schema: S): z.output<S> | null {
  if (!/^[A-Za-z0-9_-]{1,1000}$/.test(cursor)) return null;
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
