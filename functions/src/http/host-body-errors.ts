import { createRequire } from 'node:module';
import type { RequestHandler } from 'express';

const REFUSED_BODY = Symbol.for('wayfare.refusedBody');
const WRAPPED = Symbol.for('wayfare.wrappedParser');
const PARSER_KINDS = ['json', 'text', 'urlencoded', 'raw'] as const;

type Middleware = (req: object, res: unknown, next: (err?: unknown) => void) => void;
type ParserFactory = ((options?: unknown) => Middleware) & { [WRAPPED]?: true };

/** body-parser's own refusals (bad JSON, too large, bad charset): about the request, status 4xx. */
const isRefusal = (err: unknown) =>
  typeof err === 'object' && err !== null && typeof (err as { type?: unknown }).type === 'string';

/**
 * The Functions runtime (the Functions Framework in production, firebase-tools' runtime in the emulator) parses
 * bodies with its own body-parser before our handler runs, and answers a body it refuses with Express's HTML error
 * page. Both build that parser after loading our module, so wrapping the host's parser factories here lets a refused
 * body reach our app instead, which answers it in the one `{ error }` shape (`answerRefusedBodies`).
 */
export function routeHostBodyRefusalsToApp(hostEntry: string | undefined = process.argv[1]): void {
  // Only inside a Functions runtime (both set FUNCTION_TARGET), never in a test runner that imports this module.
  if (!hostEntry || !process.env.FUNCTION_TARGET) return;
  let bodyParser: Record<string, unknown>;
  try {
    bodyParser = createRequire(hostEntry)('body-parser') as Record<string, unknown>;
  } catch {
    return; // a host without body-parser hands the body over unread
  }
  for (const kind of PARSER_KINDS) {
    const factory = bodyParser[kind] as ParserFactory | undefined;
    if (typeof factory !== 'function' || factory[WRAPPED]) continue;
    const wrapped: ParserFactory = (options) => {
      const parse = factory(options);
      return (req, res, next) =>
        parse(req, res, (err) => {
          if (!isRefusal(err)) return next(err);
          Object.assign(req, { [REFUSED_BODY]: err });
          next();
        });
    };
    wrapped[WRAPPED] = true;
    // body-parser defines its exports as getters; redefine rather than assign.
    Object.defineProperty(bodyParser, kind, { value: wrapped, configurable: true, enumerable: true });
  }
}

/** Hands a body the host refused to the error handler, as if our own parser had refused it. */
export const answerRefusedBodies: RequestHandler = (req, _res, next) =>
  next((req as unknown as Record<symbol, unknown>)[REFUSED_BODY]);
