import { vi } from 'vitest';

/** One answer of the stubbed API: a status and a JSON body (204 has none). */
export interface StubAnswer {
  status?: number;
  body?: unknown;
}

/**
 * What a test answers per request: keyed 'METHOD /path' (the path without its query), or a function of the request,
 * which may answer later (a promise: to look at the page while a request is in flight) or give a whole Response
 * (a stream).
 */
export type StubRoutes = Record<
  string,
  StubAnswer | ((request: StubRequest) => StubAnswer | Response | Promise<StubAnswer | Response>)
>;

export interface StubRequest {
  method: string;
  path: string;
  url: URL;
  /** The headers the app sent (If-Match, Idempotency-Key…). */
  headers: Headers;
  body: unknown;
}

/**
 * Replaces `fetch` with the HTTP answers a test gives (the network is the only thing component tests stub). Returns
 * the requests made, in order, to assert on what was sent. A request no route answers fails the test loudly.
 */
export function stubApi(routes: StubRoutes): StubRequest[] {
  const requests: StubRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      // JSON as parsed; a multipart body (FormData) as its entries (a file stays a File).
      const body: unknown =
        typeof init?.body === 'string'
          ? JSON.parse(init.body)
          : init?.body instanceof FormData
            ? Object.fromEntries(init.body)
            : undefined;
      const request = { method, path: url.pathname, url, headers: new Headers(init?.headers), body };
      requests.push(request);
      const route = routes[`${method} ${url.pathname}`];
      if (!route) throw new Error(`stubApi: no answer for ${method} ${url.pathname}`);
      const given = typeof route === 'function' ? await route(request) : route;
      if (given instanceof Response) return given;
      const { status = 200, body: answer } = given;
      return new Response(status === 204 ? null : JSON.stringify(answer ?? {}), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return requests;
}

/**
 * A read answered with `first` the first time and every later read (what a write invalidates) held unanswered until
 * `release`: whatever the page shows after a write then came from the write's own answer.
 */
export function heldAfterFirst(first: unknown) {
  let reads = 0;
  const held: Array<(answer: StubAnswer) => void> = [];
  return {
    route: () => {
      reads += 1;
      if (reads === 1) return { body: first };
      return new Promise<StubAnswer>((resolve) => held.push(resolve));
    },
    reads: () => reads,
    /** How many reads are waiting for `release`. */
    held: () => held.length,
    release: (body: unknown = first) => held.forEach((resolve) => resolve({ body })),
  };
}
