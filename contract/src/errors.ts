/** The one shape of every non-2xx /api answer. */
export interface ApiErrorBody {
  error: string;
  /** Field errors, keyed by the dotted path of the offending field. */
  details?: Record<string, string>;
}

export const healthResponse = { ok: true } as const;
export type HealthResponse = typeof healthResponse;
