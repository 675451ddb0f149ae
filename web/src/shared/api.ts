import { IDEMPOTENCY_KEY_HEADER, type ApiErrorBody } from '@wayfare/contract';
import { readToken } from './authToken';
import { takeWindowEarlyAnswer } from './earlyAnswers';

export const NETWORK_ERROR_MESSAGE = 'Could not reach Wayfare. Check your connection and try again.';
export const UNEXPECTED_ANSWER = 'Wayfare answered in a way this page does not understand. Please reload.';

/** A call to /api that failed: one of the three kinds below, told apart with `instanceof`. */
export abstract class RequestError extends Error {}

/** A non-2xx answer from /api. `message` is the server's `error` when it sent one, else a readable fallback. */
export class ApiError extends RequestError {
  readonly status: number;
  /** The server's error body, when the answer carried one. */
  readonly body: ApiErrorBody | undefined;

  constructor(status: number, message: string, body?: ApiErrorBody) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The call got no answer at all (offline, or the server unreachable): worth keeping and trying again later. */
export class NetworkError extends RequestError {
  constructor() {
    super(NETWORK_ERROR_MESSAGE);
    this.name = 'NetworkError';
  }
}

/** An answer that does not match its `contract/` schema: a second try would not change it. */
export class ResponseShapeError extends RequestError {
  constructor() {
    super(UNEXPECTED_ANSWER);
    this.name = 'ResponseShapeError';
  }
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string' &&
    (value as { error: string }).error.trim() !== ''
  );
}

function statusFallback(status: number): string {
  if (status === 401) return 'Please log in to continue.';
  if (status === 403) return 'You do not have access to this.';
  if (status === 404) return 'We could not find what you asked for.';
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return 'The request could not be completed.';
}

/** Builds the ApiError for a failed answer from its status and parsed body (anything, or undefined). */
export function toApiError(status: number, body: unknown): ApiError {
  return isApiErrorBody(body)
    ? new ApiError(status, body.error, body)
    : new ApiError(status, statusFallback(status));
}

/**
 * The text to show for a failed call: the server's error when it sent one, the network message when there was
 * no answer, the "reload" message for an answer this page does not understand, else the screen's own fallback
 * (spec §8).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof NetworkError || error instanceof ResponseShapeError) return error.message;
  if (error instanceof ApiError && error.body) return error.message;
  return fallback;
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is FormData (trip image upload). */
  body?: unknown;
  signal?: AbortSignal;
  /** Sent as the Idempotency-Key header: the server writes once however often the call is repeated with it. */
  idempotencyKey?: string;
  /** Headers the endpoint takes (contract's catalogue), e.g. a conditional write's If-Match; undefined: not sent. */
  headers?: Record<string, string | undefined>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends one call to the same-origin API with the session's bearer token; throws NetworkError when there is no answer. */
async function send(
  path: string,
  { method = 'GET', body, signal, idempotencyKey, headers: extra = {} }: ApiFetchOptions,
  accept: string,
): Promise<Response> {
  const token = readToken();
  // A first visit's first reads were requested by index.html's first-load script, before the app ran.
  if (method === 'GET' && accept === 'application/json') {
    const early = await takeWindowEarlyAnswer(path, token);
    if (early) return early;
  }
  const headers = new Headers({ Accept: accept });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) headers.set(name, value);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  try {
    return await fetch(path, { method, headers, body: payload, signal });
  } catch (error) {
    if (signal?.aborted) throw error; // a cancelled call is not a failure to report
    throw new NetworkError();
  }
}

/**
 * Calls the same-origin API with the session's bearer token; resolves to the parsed JSON. Throws ApiError for a
 * non-2xx answer, NetworkError for none.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  const data = await readBody(response);
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

/**
 * A file the API answers (a trip's .ics, a ledger export): it needs the bearer token, so a plain link cannot fetch
 * it. Resolves to its bytes and the file name the server gave; a failure throws like apiFetch.
 */
export async function apiDownload(
  path: string,
  accept = '*/*',
  options: ApiFetchOptions = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(path, options, `${accept}, application/json`);
  if (!response.ok) throw toApiError(response.status, await readBody(response));
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

/**
 * Resolves in a later task, after the browser's pending work, where the browser has scheduler.yield (Chromium);
 * elsewhere at once (a timer would put each answer behind the page's own timers).
 */
function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return scheduler?.yield ? scheduler.yield() : Promise.resolve();
}

/** A `contract/` answer schema: what apiFetchChecked checks an answer against. */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/**
 * apiFetch whose answer is validated with the same `contract/` schema the server's answers are tested against;
 * throws ResponseShapeError when it does not match.
 */
export async function apiFetchChecked<T>(
  schema: AnswerSchema<T>,
  path: string,
  options?: ApiFetchOptions,
): Promise<T> {
  const answer = await apiFetch<unknown>(path, options);
  // Each answer is checked in a task of its own: a page's first answers, arriving together, are not all checked in
  // one long task that holds input back on a slow phone.
  await yieldToBrowser();
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new ResponseShapeError();
  return parsed.data;
}
