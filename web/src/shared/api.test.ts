import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  NetworkError,
  RequestError,
  ResponseShapeError,
  UNEXPECTED_ANSWER,
  apiDownload,
  apiFetch,
  apiFetchChecked,
  errorMessage,
  toApiError,
  type AnswerSchema,
} from './api';

/** An answer schema as `contract/`'s zod ones behave: `{ id: string }`. */
const idSchema: AnswerSchema<{ id: string }> = {
  safeParse: (data) =>
    typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'string'
      ? { success: true, data: data as { id: string } }
      : { success: false },
};

function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('toApiError', () => {
  it('uses the server error field as the message', () => {
    const error = toApiError(409, { error: 'That email is already registered' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('That email is already registered');
    expect(error.body).toEqual({ error: 'That email is already registered' });
  });

  it.each([undefined, 'oops', { error: '' }, { error: 42 }, { message: 'no' }])(
    'falls back to a readable message for %j',
    (body) => {
      const error = toApiError(500, body);
      expect(error.message).toBe('Something went wrong on our side. Please try again.');
      expect(error.body).toBeUndefined();
    },
  );
});

describe('errorMessage', () => {
  it('prefers the server text, then the network message, then the fallback', () => {
    expect(errorMessage(toApiError(400, { error: 'Bad dates' }), 'Failed')).toBe('Bad dates');
    expect(errorMessage(new NetworkError(), 'Failed')).toBe(NETWORK_ERROR_MESSAGE);
    expect(errorMessage(new ResponseShapeError(), 'Failed')).toBe(UNEXPECTED_ANSWER);
    expect(errorMessage(toApiError(502, undefined), 'Failed to load trips')).toBe('Failed to load trips');
    expect(errorMessage(new TypeError('x is undefined'), 'Failed')).toBe('Failed');
  });

  it('does not mistake an ApiError carrying the network text for a network failure', () => {
    expect(errorMessage(new ApiError(0, NETWORK_ERROR_MESSAGE), 'Failed')).toBe('Failed');
  });
});

describe('apiFetch', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('sends JSON with the bearer token and parses the answer', async () => {
    vi.stubGlobal('localStorage', memoryStorage({ token: 'abc.def.ghi' }));
    fetchMock.mockResolvedValue(json(200, { token: 't' }));

    await expect(apiFetch('/api/auth/login', { method: 'POST', body: { email: 'a@b.co' } })).resolves.toEqual(
      {
        token: 't',
      },
    );

    const [path, init] = fetchMock.mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(path).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"a@b.co"}');
    expect(headers.get('Authorization')).toBe('Bearer abc.def.ghi');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(apiFetch('/api/trips/1', { method: 'DELETE' })).resolves.toBeUndefined();
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).has('Authorization')).toBe(false);
  });

  it('throws ApiError with the server message on a non-2xx answer', async () => {
    fetchMock.mockResolvedValue(json(429, { error: 'Too many login attempts. Try again in a minute.' }));

    const error = await apiFetch('/api/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: 'Too many login attempts. Try again in a minute.' });
  });

  it('turns a failed connection into a NetworkError (not an ApiError), but rethrows an abort', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await apiFetch('/api/trips').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'NetworkError', message: NETWORK_ERROR_MESSAGE });

    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('Aborted', 'AbortError');
    fetchMock.mockRejectedValueOnce(abort);
    await expect(apiFetch('/api/trips', { signal: controller.signal })).rejects.toBe(abort);
  });

  it('throws ResponseShapeError when a 2xx answer does not match its schema, and passes one that does', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { id: 7 }));
    const error = await apiFetchChecked(idSchema, '/api/trips/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ResponseShapeError', message: UNEXPECTED_ANSWER });

    fetchMock.mockResolvedValueOnce(json(200, { id: '1' }));
    await expect(apiFetchChecked(idSchema, '/api/trips/1')).resolves.toEqual({ id: '1' });
  });

  it('checks the status before the shape: a 4xx answer is an ApiError with the server text', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { error: 'Trip not found' }));
    const error = await apiFetchChecked(idSchema, '/api/trips/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ApiError', status: 404, message: 'Trip not found' });
  });

  it('fails a download the same three ways', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiDownload('/api/x.ics')).rejects.toBeInstanceOf(NetworkError);
    fetchMock.mockResolvedValueOnce(json(403, { error: 'Not a member' }));
    await expect(apiDownload('/api/x.ics')).rejects.toMatchObject({ status: 403, message: 'Not a member' });
  });
});
