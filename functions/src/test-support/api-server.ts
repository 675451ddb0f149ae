import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApp } from '../app';
import { createTokenService, type TokenService } from '../auth/tokens';
import { loadConfig, type AppConfig } from '../config';
import { answerClientErrorsAsJson } from '../http/client-errors';
import { openSqliteStore } from '../store/embedded/sqlite-store';
import type { Store } from '../store/types';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface TestApi {
  baseUrl: string;
  /** The embedded data folder (database, uploads) of this server. */
  dataDir: string;
  store: Store;
  tokens: TokenService;
  /** fetch against the API with JSON in and out; `token` adds the bearer header. */
  call(
    method: string,
    urlPath: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

/** The real app on the embedded store in a temp dir, listening on a free port, spoken to over real HTTP. */
export async function startTestApi(
  env: Record<string, string> = {},
  options: {
    webDist?: string;
    /** Another store to run the app on (the Firestore adapter); the caller closes it. */
    store?: Store;
    createFirebaseToken?: (userId: string) => Promise<string>;
  } = {},
): Promise<TestApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-api-'));
  const config: AppConfig = loadConfig({ WAYFARE_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const store = options.store ?? openSqliteStore(path.join(dataDir, 'wayfare.db'));
  const tokens = createTokenService(TEST_JWT_SECRET, config.tokenTtlSeconds);
  const app = createApp({
    config,
    store,
    tokens,
    logger: pino({ level: 'silent' }),
    webDist: options.webDist,
    createFirebaseToken: options.createFirebaseToken,
  });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  answerClientErrorsAsJson(server);
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    dataDir,
    store,
    tokens,
    async call(method, urlPath, { body, token, headers = {} } = {}) {
      const res = await fetch(baseUrl + urlPath, {
        method,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(token && { authorization: `Bearer ${token}` }),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      const isJson = res.headers.get('content-type')?.includes('application/json');
      return { status: res.status, headers: res.headers, body: isJson ? JSON.parse(text) : text };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      if (!options.store) await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
