import type { RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

type HeaderStep = { set: string; value: string } | { remove: string };

/**
 * helmet's headers for `options`, worked out once: helmet's middleware run against a response that only records
 * what it is told (helmet's headers depend on its options alone, never on the request, unless a CSP directive is a
 * function, which this app's are not; such a directive is refused here rather than frozen).
 */
function helmetSteps(options: HelmetOptions): HeaderStep[] {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (directives.flat().some((value) => typeof value === 'function')) {
    throw new Error('A CSP directive worked out per request cannot be set ahead');
  }
  const steps: HeaderStep[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`helmet header ${name} is not a plain string`);
      steps.push({ set: name, value });
    },
    removeHeader(name: string) {
      steps.push({ remove: name });
    },
  };
  let passed = false;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    passed = true;
  });
  if (!passed) throw new Error('helmet did not pass the request on');
  return steps;
}

/**
 * The same headers helmet sets (and removes), in the same order, without running helmet's chain of a dozen
 * middlewares on every request. security-headers.test.ts compares both over HTTP.
 */
export function securityHeaders(options: HelmetOptions): RequestHandler {
  const steps = helmetSteps(options);
  return (_req, res: Response, next) => {
    for (const step of steps) {
      if ('set' in step) res.setHeader(step.set, step.value);
      else res.removeHeader(step.remove);
    }
    next();
  };
}
