import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, apiFetch, errorMessage, toApiError } from './api';

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
    expect(errorMessage(new ApiError(0, NETWORK_ERROR_MESSAGE), 'Failed')).toBe(NETWORK_ERROR_MESSAGE);
    expect(errorMessage(toApiError(502, undefined), 'Failed to load trips')).toBe('Failed to load trips');
    expect(errorMessage(new TypeError('x is undefined'), 'Failed')).toBe('Failed');
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

  it('turns a failed connection into a status-0 ApiError, but rethrows an abort', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiFetch('/api/trips')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });

    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('Aborted', 'AbortError');
    fetchMock.mockRejectedValueOnce(abort);
    await expect(apiFetch('/api/trips', { signal: controller.signal })).rejects.toBe(abort);
  });
});
