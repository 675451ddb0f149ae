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
