import { checksAnswer, endpointUrl, type AnswerOf, type CallInput, type Endpoint } from '@wayfare/contract';
import { apiDownload, apiFetch, apiFetchChecked } from './api';

export type CallOptions<E extends Endpoint> = CallInput<E> & { signal?: AbortSignal };

/** The call's arguments: optional where the entry takes no params and no body. */
type Args<E extends Endpoint> =
  object extends CallInput<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/**
 * Calls one endpoint of contract's catalogue: its address and method come from the entry, the headers it takes from
 * the call, and its answer is checked against the entry's answer schema where it has one (ResponseShapeError
 * otherwise), as apiFetchChecked does.
 */
export function callEndpoint<E extends Endpoint>(entry: E, ...[options]: Args<E>): Promise<AnswerOf<E>> {
  const { body, signal, headers } = (options ?? {}) as CallOptions<Endpoint> & {
    headers?: Record<string, string | undefined>;
  };
  const path = endpointUrl(entry, options);
  const request = { method: entry.method, body, signal, headers };
  if (checksAnswer(entry.answer)) return apiFetchChecked(entry.answer, path, request) as Promise<AnswerOf<E>>;
  return apiFetch<AnswerOf<E>>(path, request);
}

/** A file the endpoint answers (a download needing the bearer token): its bytes and the server's file name. */
export function downloadEndpoint<E extends Endpoint>(entry: E, accept: string, ...[options]: Args<E>) {
  return apiDownload(endpointUrl(entry, options), accept);
}
