import type { GoogleGenAI } from '@google/genai';

export interface GeminiClientOptions {
  apiKey: string;
  /** A local stand-in's address in tests; Google's by default. */
  baseUrl?: string;
  timeoutMs: number;
}

/**
 * Google's Gemini SDK client, loaded on its first use rather than when the server (or a cold Cloud Functions
 * instance) starts. Each call has the timeout; the SDK does not retry, as the callers decide what a retry is worth
 * (an invalid answer too, for the guide; a fallback to the device's reading, for receipts).
 */
export function lazyGeminiClient(options: GeminiClientOptions): () => Promise<GoogleGenAI> {
  let client: Promise<GoogleGenAI> | undefined;
  return () =>
    (client ??= import('@google/genai').then(
      ({ GoogleGenAI }) =>
        new GoogleGenAI({
          apiKey: options.apiKey,
          httpOptions: {
            ...(options.baseUrl && { baseUrl: options.baseUrl }),
            timeout: options.timeoutMs,
            retryOptions: { attempts: 1 },
          },
        }),
    ));
}
