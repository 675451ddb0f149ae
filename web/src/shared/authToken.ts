/** The session token lives in local storage under this key (spec §3, §9). */
export const TOKEN_KEY = 'token';

// localStorage is missing outside the browser and can throw when storage is blocked; treat both as "no token".
function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function writeToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  storage()?.removeItem(TOKEN_KEY);
}
