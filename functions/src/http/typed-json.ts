/**
 * JSON text known to encode a value of type T: made only by jsonOf (JSON.stringify of a T) or by jsonObject from
 * the JSON of each of a T's fields. Lets a cached answer be kept as the JSON of its parts and completed per request
 * without re-serializing the big part, and without cutting serialized text apart.
 */
export type Json<T> = Buffer & { readonly __encodes: T };

/** The JSON of each field of T, every field present (an object literal cannot add one T does not have). */
export type JsonFields<T extends object> = { [K in keyof T]-?: Json<T[K]> };

export const jsonOf = <T>(value: T): Json<T> => Buffer.from(JSON.stringify(value)) as Json<T>;

/** The object's JSON from its fields' JSON, in the order given. */
export function jsonObject<T extends object>(fields: JsonFields<T>): Json<T> {
  const parts: Buffer[] = [];
  for (const [key, json] of Object.entries(fields) as Array<[string, Buffer]>) {
    parts.push(Buffer.from(`${parts.length ? ',' : '{'}${JSON.stringify(key)}:`), json);
  }
  parts.push(Buffer.from(parts.length ? '}' : '{}'));
  return Buffer.concat(parts) as Json<T>;
}

/** Lets the event loop answer what is waiting (I/O included) before the caller goes on. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The JSON of `items.map(view)`, made `batch` items at a time with a turn of the event loop between batches: a list
 * of thousands never holds other requests up for long, and never lives whole as view objects and one string (only
 * the finished bytes and one batch's).
 */
export async function jsonArrayInTurns<S, T>(
  items: readonly S[],
  view: (item: S) => T,
  batch = 500,
): Promise<Json<T[]>> {
  const parts: Buffer[] = [];
  for (let from = 0; from < items.length; from += batch) {
    if (from) await nextTurn();
    const text = JSON.stringify(items.slice(from, from + batch).map(view));
    // Each batch's own brackets are dropped; the whole list's are added around them.
    parts.push(Buffer.from(`${from ? ',' : '['}${text.slice(1, -1)}`));
  }
  parts.push(Buffer.from(parts.length ? ']' : '[]'));
  return Buffer.concat(parts) as Json<T[]>;
}
