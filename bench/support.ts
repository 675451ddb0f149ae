import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import type { Page, Request } from 'playwright-core';

export interface Figure {
  name: string;
  value: string;
}

export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** A process's resident set size in MiB, from /proc (Linux). */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

/** CPU time a process has used so far (user + system), in ms, from /proc (Linux; 10 ms ticks). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Median wall time of `fn` over `runs` runs, after one warm-up. */
export async function timeIt(fn: () => unknown, runs = 5): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered in the run. */
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Drives one endpoint over loopback with autocannon for `seconds`; percentiles come from every response time. */
export async function load(
  url: string,
  options: {
    seconds: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Stop after this many requests instead of after `seconds`. */
    amount?: number;
    /** Headers made anew for each request (an Idempotency-Key, say), beside `headers`. */
    headersEach?: () => Record<string, string>;
    /** Requests in flight at once (10). */
    connections?: number;
  },
): Promise<LoadResult> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections ?? 10,
        duration: options.seconds,
        amount: options.amount,
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body,
        ...(options.headersEach && {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                headers: { ...request.headers, ...options.headersEach?.() },
              }),
            },
          ],
        }),
      },
      (err, done) => (err ? reject(err) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.non2xx,
  };
}

/** Starts a child Node process and resolves once `ready` answers true; the process is killed by `stop`. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: () => Promise<boolean>,
) {
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (!(await ready().catch(() => false))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`could not start ${args.join(' ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Opens `route` and waits until the page has settled: loaded, then no request in flight (the ledger's live stream,
 * which never ends, aside) and none started for `quietMs`, at most `maxMs`. Unlike a fixed wait, this sees the
 * chunks a page fetches after its data arrives even when a loaded machine answers slowly.
 */
export async function openAndSettle(
  page: Page,
  route: string,
  quietMs = 1000,
  maxMs = 20_000,
): Promise<void> {
  const inFlight = new Set<Request>();
  let lastChange = performance.now();
  const track = (request: Request) => {
    if (new URL(request.url()).pathname.endsWith('/live')) return;
    inFlight.add(request);
    lastChange = performance.now();
  };
  const done = (request: Request) => {
    if (inFlight.delete(request)) lastChange = performance.now();
  };
  page.on('request', track);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const started = performance.now();
  await page.goto(route, { waitUntil: 'load' });
  while (performance.now() - started < maxMs) {
    if (inFlight.size === 0 && performance.now() - lastChange >= quietMs) break;
    await page.waitForTimeout(100);
  }
  page.off('request', track);
  page.off('requestfinished', done);
  page.off('requestfailed', done);
}

/**
 * Resolves once the page's text contains `text` (rejects after 30 s), seen by a MutationObserver inside the page:
 * at the change itself.
 * (A locator's waitFor polls with a backoff that reaches 500 ms, which would add up to that much to a live figure.)
 */
export function textAppears(page: Page, text: string): Promise<void> {
  const seen = page.evaluate(
    (wanted) =>
      new Promise<void>((resolve, reject) => {
        // No named functions in here: tsx's keepNames would wrap them in a helper the page does not have.
        if (document.body.textContent?.includes(wanted)) return resolve();
        const timer = setTimeout(() => reject(new Error(`"${wanted}" not shown within 30 s`)), 30_000);
        const observer = new MutationObserver(() => {
          if (!document.body.textContent?.includes(wanted)) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
    text,
  );
  // Awaited later (after the write it waits for): a failure meanwhile must not end the process before its cleanup.
  seen.catch(() => undefined);
  return seen;
}

/**
 * Writes a browser bench's every visit as JSON (with the time and the load average), to `$envVar` or a file of
 * `name` in the temp folder, and says where.
 */
export function writeVisits(envVar: string, name: string, visits: unknown): void {
  const out = process.env[envVar] ?? path.join(os.tmpdir(), name);
  fs.writeFileSync(
    out,
    `${JSON.stringify({ at: new Date().toISOString(), load: os.loadavg(), visits }, null, 2)}\n`,
  );
  console.log(`\nAll figures: ${out}`);
}
