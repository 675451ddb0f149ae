/**
 * The server side of contract's endpoint catalogue (contract/src/endpoints): each route is registered from its entry,
 * which gives its method and path, and its params, query, headers and body are parsed with the entry's schemas (parseInput:
 * the same 400s as ever) before the handler runs, after the route's own steps (auth, an upload, a rate limit, a
 * scope). A handler that returns an answer has it sent as JSON with the entry's status; one that answers itself
 * (an encoded page, a file, a stream, a status of its own) returns nothing. A 204 entry ends with no body.
 */
import { Router, type IRoute, type Request, type RequestHandler, type Response } from 'express';
import type { AnswerOf, Endpoint, EndpointInput } from '@wayfare/contract';
import { parseInput } from './parse';

export type EndpointHandler<E extends Endpoint> = (
  input: EndpointInput<E>,
  req: Request,
  res: Response,
) => Promise<AnswerOf<E> | void> | AnswerOf<E> | void;

/** The routers made here, by the path (relative to /api) they are mounted at. */
const mountPaths = new WeakMap<Router, string>();
/** The entry each registered route came from: what endpoints.test.ts checks the app's routes against. */
const registered = new WeakMap<IRoute, Endpoint>();

/**
 * A router for entries whose paths start with `mountPath` (relative to /api; '' for the /api router itself), to be
 * mounted there: with mountedEndpoints, or with router.use() inside a router of the same mount path.
 */
export function endpointRouter(mountPath = ''): Router {
  const router = Router({ mergeParams: true });
  mountPaths.set(router, mountPath);
  return router;
}

/** The router mounted at its path, for `api.use(…)`: the mount path lives with the feature's routes alone. */
export function mountedEndpoints(router: Router): Router {
  const mountPath = mountPathOf(router);
  if (!mountPath) return router;
  const outer = Router();
  outer.use(mountPath, router);
  return outer;
}

function mountPathOf(router: Router): string {
  const mountPath = mountPaths.get(router);
  if (mountPath === undefined) throw new Error('Register endpoints on a router from endpointRouter()');
  return mountPath;
}

/** The entry a route of the app was registered from (undefined: registered around the catalogue). */
export const endpointOfRoute = (route: IRoute): Endpoint | undefined => registered.get(route);

/** Registers `entry` on `router`: `steps` run first (in order), then the parsing, then `handler`. */
export function route<E extends Endpoint>(
  router: Router,
  entry: E,
  handler: EndpointHandler<NoInfer<E>>,
): void;
export function route<E extends Endpoint>(
  router: Router,
  entry: E,
  steps: RequestHandler[],
  handler: EndpointHandler<NoInfer<E>>,
): void;
export function route<E extends Endpoint>(
  router: Router,
  entry: E,
  stepsOrHandler: RequestHandler[] | EndpointHandler<E>,
  last?: EndpointHandler<E>,
): void {
  const steps = Array.isArray(stepsOrHandler) ? stepsOrHandler : [];
  const handler = (Array.isArray(stepsOrHandler) ? last : stepsOrHandler) as EndpointHandler<E>;
  const mountPath = mountPathOf(router);
  if (!entry.path.startsWith(mountPath))
    throw new Error(`${entry.method} ${entry.path} is not under the router's ${mountPath}`);
  const path = entry.path.slice(mountPath.length) || '/';

  const run: RequestHandler = async (req, res) => {
    const input = {
      params: entry.params ? parseInput(entry.params, req.params) : req.params,
      query: entry.query ? parseInput(entry.query, req.query) : req.query,
      headers: entry.headers ? parseInput(entry.headers, req.headers) : req.headers,
      body: entry.body && !entry.bodyParsedByHandler ? parseInput(entry.body, req.body) : req.body,
    } as EndpointInput<E>;
    const answer = await handler(input, req, res);
    if (answer !== undefined) res.status(entry.status).json(answer);
    else if (entry.status === 204 && !res.headersSent) res.status(204).end();
  };
  const at = router.route(path);
  const method = entry.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  at[method](...steps, run);
  registered.set(at, entry);
}
