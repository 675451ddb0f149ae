import type { z } from 'zod';

/**
 * The API's endpoint catalogue: each call of /api written once, as the server registers it (functions/src/http/
 * endpoints.ts parses its params, query and body with the entry's schemas) and as the web app calls it
 * (web/src/shared/callEndpoint.ts builds the address and method, and checks the answer). Paths are Express-style
 * (`:tripId`), relative to /api.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON answer the web app takes as it comes: typed, not checked against a schema. */
export interface TypedAnswer<T> {
  readonly kind: 'typed';
  /** Type only: never set. */
  readonly type?: T;
}

/** An answer that is not JSON: a file to download, an image, an event stream. */
export interface RawAnswer {
  readonly kind: 'raw';
}

/** A zod schema (or a lazily built one): anything with safeParse. */
export type Schema = z.ZodType;

export type EndpointAnswer = Schema | TypedAnswer<unknown> | RawAnswer | undefined;

export interface Endpoint {
  readonly method: HttpMethod;
  /** Express-style, relative to /api: '/trip-split/trips/:tripId/expenses'. */
  readonly path: string;
  readonly params?: Schema;
  readonly query?: Schema;
  /** Request headers the call takes (names in lower case, as Node gives them), parsed like the rest of the input. */
  readonly headers?: Schema;
  /** What the client sends; parsed by the route before its handler unless `bodyParsedByHandler`. */
  readonly body?: Schema;
  /** The handler reads the body itself (several shapes, or the trip's home currency first): `body` types the client. */
  readonly bodyParsedByHandler?: true;
  /** Sent as multipart form data (a file beside the fields); `body` then parses the fields once received. */
  readonly multipart?: true;
  /** A schema: the web app checks the answer with it; `typedAnswer<T>()`: unchecked; `RAW`: not JSON; none: 204. */
  readonly answer?: EndpointAnswer;
  /** The success status. */
  readonly status: number;
  /**
   * A guest session (joined by invite link without an account) may call it: the trip's ledger and its own expenses.
   * The server refuses every other call of a guest session with 401 (functions/src/http/guest-sessions.ts).
   */
  readonly guestSession?: true;
}

/**
 * Declares one endpoint; keeps its literal types, so a call's params, body and answer types follow from it. Free of
 * side effects, so a bundle keeps only the entries it calls.
 */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const E extends Endpoint>(entry: E): E {
  return entry;
}

const TYPED: TypedAnswer<never> = { kind: 'typed' };

/** An unchecked JSON answer of type T (type only: nothing of T exists at run time). */
/* @__NO_SIDE_EFFECTS__ */
export function typedAnswer<T>(): TypedAnswer<T> {
  return TYPED;
}

export const RAW: RawAnswer = { kind: 'raw' };

/**
 * Whether the answer is checked against a schema. Told by identity, not by reading the schema: the web app builds
 * its schemas on first use (contract/src/lazy-schema.ts), which a read would do before the call is even sent.
 */
export const checksAnswer = (answer: EndpointAnswer): answer is Schema =>
  answer !== undefined && answer !== TYPED && answer !== RAW;

type SchemaIn<S> = S extends Schema ? z.input<S> : never;
type SchemaOut<S> = S extends Schema ? z.output<S> : never;

/** What the route's handler receives, parsed. */
export interface EndpointInput<E extends Endpoint> {
  params: E['params'] extends Schema ? SchemaOut<E['params']> : Record<string, string>;
  query: E['query'] extends Schema ? SchemaOut<E['query']> : unknown;
  headers: E['headers'] extends Schema ? SchemaOut<E['headers']> : unknown;
  body: E['bodyParsedByHandler'] extends true
    ? unknown
    : E['body'] extends Schema
      ? SchemaOut<E['body']>
      : unknown;
}

/** The answer's type (as the client receives it). */
export type AnswerOf<E extends Endpoint> = E['answer'] extends Schema
  ? z.output<E['answer']>
  : E['answer'] extends TypedAnswer<infer T>
    ? T
    : E['answer'] extends RawAnswer
      ? unknown
      : void;

/** What a client call names: the path's params, the query, its headers, the body (form data when multipart). */
export type CallInput<E extends Endpoint> = (E['params'] extends Schema
  ? { params: SchemaIn<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends Schema ? { query?: SchemaIn<E['query']> } : { query?: undefined }) &
  (E['headers'] extends Schema ? { headers?: SchemaIn<E['headers']> } : { headers?: undefined }) &
  (E['multipart'] extends true
    ? { body?: FormData }
    : E['body'] extends Schema
      ? { body: SchemaIn<E['body']> }
      : { body?: undefined });

type Value = string | number | boolean | null | undefined;

/**
 * The address of a call: `/api` + the path with each `:param` filled (URI-encoded; `encode` otherwise), and the
 * query's defined values (an empty string is kept: `?cursor=`).
 */
export function endpointUrl(
  entry: Endpoint,
  input: { params?: unknown; query?: unknown } = {},
  encode: (value: string) => string = encodeURIComponent,
): string {
  const params = (input.params ?? {}) as Record<string, Value>;
  const path = entry.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${entry.path}: no value for :${name}`);
    return encode(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, Value>))
    if (value !== undefined && value !== null) search.set(key, String(value));
  const query = search.toString();
  return `/api${path}${query && `?${query}`}`;
}

/** `text` as a regular expression matching it literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A pattern matching the addresses of `entries`, any value in each `:param` and any query, at the end of a URL (a
 * service worker matches whole URLs): a cache rule made from the catalogue moves with the endpoints it names.
 */
export function endpointAddressPattern(entries: readonly Endpoint[]): RegExp {
  const paths = entries.map((entry) => entry.path.split(/:\w+/).map(literally).join('[^/?]+'));
  return new RegExp(`\\/api(?:${paths.join('|')})(?:\\?.*)?$`);
}
