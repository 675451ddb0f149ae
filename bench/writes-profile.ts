// Where the write path's CPU goes: starts the built server as `npm start` does, with
// `--cpu-prof`, drives POST …/expenses (20-way split, 10 connections) and prints the profile's top functions by self
// and total time, mapped through the build's source maps to functions/src (or to the npm package).
// node --import tsx bench/writes-profile.ts (after `npm run build -w functions`). PROFILE_LIB profiles another
// build's functions/lib, PROFILE_WRITES sets the writes profiled (8000, after 1000 unprofiled ones warm it up),
// PROFILE_TOP the rows printed (25), PROFILE_TREE=1 also prints the call tree down to 1% of the busy
// samples, PROFILE_KEEP=dir keeps the .cpuprofile there. PROFILE_GET=<path> profiles that GET instead, as the member of
// MANY_TRIPS trips (bench/api.ts) asks it, e.g. PROFILE_GET='/api/trips?cursor='; PROFILE_KEYED=1 sends each write
// with an Idempotency-Key of its own, as the web app does.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, seed, seedManyTrips, TRIP_BODY, call, MANY_TRIPS } from './api';
import { cpuMs, load, ms, startProcess } from './support';
import { expenseBody } from './writes';

const ROOT = path.resolve(import.meta.dirname, '..');
const LIB = path.resolve(process.env.PROFILE_LIB ?? path.join(ROOT, 'functions/lib'));
const WRITES = Number(process.env.PROFILE_WRITES ?? 8000);
const TOP = Number(process.env.PROFILE_TOP ?? 25);
/** Requests before the profiled ones, unmeasured (the profile covers them too). */
const WARM = 1000;
const GET = process.env.PROFILE_GET;
const KEYED = process.env.PROFILE_KEYED === '1';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  startTime: number;
  endTime: number;
}

const maps = new Map<string, SourceMap | null>();
function sourceMapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    const mapFile = `${file}.map`;
    maps.set(
      file,
      fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as never) : null,
    );
  }
  return maps.get(file) ?? null;
}

/** "name  place" of a frame: our code as functions/src/…:line, a package by name, node's own by its module. */
function describeFrame({ functionName, url, lineNumber, columnNumber }: ProfileNode['callFrame']) {
  const name = functionName || '(anonymous)';
  if (!url) return { key: name, group: name.startsWith('(') ? name : 'native' };
  if (url.startsWith('node:')) return { key: `${name}  ${url}`, group: 'node internals' };
  const file = url.startsWith('file:') ? fileURLToPath(url) : url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
  if (pkg) return { key: `${name}  ${pkg}`, group: `pkg ${pkg}` };
  const entry = sourceMapOf(file)?.findEntry(lineNumber, columnNumber);
  if (entry && 'originalSource' in entry && entry.originalSource) {
    const source = path.relative(ROOT, path.resolve(path.dirname(file), entry.originalSource));
    const inPkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
    if (inPkg) return { key: `${name}  ${inPkg} (bundled)`, group: `pkg ${inPkg}` };
    return {
      key: `${name}  ${source}:${entry.originalLine + 1}`,
      group: source.startsWith('contract') ? 'ours (contract)' : 'ours (functions)',
    };
  }
  return { key: `${name}  ${path.relative(ROOT, file)}:${lineNumber + 1}`, group: 'ours (unmapped)' };
}

/** Self and total time per function and self time per group, as shares of the samples that were not idle. */
export function summarize(profile: Profile, top = TOP): string[] {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const frames = new Map(profile.nodes.map((n) => [n.id, describeFrame(n.callFrame)]));
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const groups = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const frame = frames.get(id);
    if (!frame || frame.key === '(idle)') continue;
    busy += 1;
    self.set(frame.key, (self.get(frame.key) ?? 0) + 1);
    groups.set(frame.group, (groups.get(frame.group) ?? 0) + 1);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = frames.get(at)?.key;
      if (key && key !== '(root)' && !seen.has(key)) {
        seen.add(key);
        total.set(key, (total.get(key) ?? 0) + 1);
      }
    }
  }
  const share = (count: number) => `${((100 * count) / busy).toFixed(1).padStart(5)}%`;
  const rows = (title: string, counts: Map<string, number>) => [
    title,
    ...[...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, count]) => `${share(count)}  ${key}`),
  ];
  return [
    `${busy} busy samples`,
    ...rows('--- self time by group', groups),
    ...rows('--- self time by function', self),
    ...rows('--- total time by function (the function or anything it called)', total),
  ];
}

/**
 * Each busy sample charged to the innermost frame of our own code on its stack (functions/src or contract/src), so
 * the work a package, Node or SQLite does for a line of ours counts at that line; samples with no frame of ours
 * (Node's HTTP parsing, Express's chain before our first middleware, GC) by their own frame. As µs a request: each
 * line's share of the busy samples times `cpuPerRequest` (the server's CPU a request, measured from /proc).
 */
export function chargedToOurs(profile: Profile, cpuPerRequest: number, top = TOP): string[] {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const frames = new Map(profile.nodes.map((n) => [n.id, describeFrame(n.callFrame)]));
  const charged = new Map<string, number>();
  for (const id of profile.samples) {
    const own = frames.get(id);
    if (!own || own.key === '(idle)') continue;
    let key = own.key;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = frames.get(at);
      if (frame?.group.startsWith('ours')) {
        key = frame.key;
        break;
      }
    }
    charged.set(key, (charged.get(key) ?? 0) + 1);
  }
  const busy = [...charged.values()].reduce((sum, count) => sum + count, 0);
  return [
    `--- charged to our innermost line: share of the busy samples (start-up included), as µs of the ${cpuPerRequest.toFixed(0)} µs CPU a request`,
    ...[...charged]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([key, count]) =>
          `${((100 * count) / busy).toFixed(1).padStart(5)}% ${((count / busy) * cpuPerRequest).toFixed(0).padStart(5)} µs  ${key}`,
      ),
  ];
}

/**
 * The call tree top-down, frames of the same name under the same caller merged, each line its total time; only
 * those at or above `minShare` of the busy samples. Chains of one child are printed on one line's depth.
 */
export function callTree(profile: Profile, minShare = 0.01): string[] {
  interface Tree {
    count: number;
    children: Map<string, Tree>;
  }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const frames = new Map(profile.nodes.map((n) => [n.id, describeFrame(n.callFrame).key]));
  const hits = new Map<number, number>();
  for (const id of profile.samples) if (frames.get(id) !== '(idle)') hits.set(id, (hits.get(id) ?? 0) + 1);
  const root: Tree = { count: 0, children: new Map() };
  const add = (id: number, into: Tree): number => {
    const node = byId.get(id) as ProfileNode;
    const key = frames.get(id) as string;
    let tree = into.children.get(key);
    if (!tree) into.children.set(key, (tree = { count: 0, children: new Map() }));
    let count = hits.get(id) ?? 0;
    for (const child of node.children ?? []) count += add(child, tree);
    tree.count += count;
    return count;
  };
  const top = profile.nodes[0] as ProfileNode;
  for (const child of top.children ?? []) root.count += add(child, root);
  const lines: string[] = [];
  const walk = (tree: Tree, depth: number) => {
    for (const [key, child] of [...tree.children].sort((a, b) => b[1].count - a[1].count)) {
      if (child.count < minShare * root.count) continue;
      lines.push(`${((100 * child.count) / root.count).toFixed(1).padStart(5)}% ${'  '.repeat(depth)}${key}`);
      walk(child, depth + 1);
    }
  };
  walk(root, 0);
  return lines;
}

async function main() {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-prof-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-prof-data-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    ['--max-old-space-size=1024', '--cpu-prof', `--cpu-prof-dir=${profileDir}`, path.join(LIB, 'server.js')],
    { PORT: String(port), WAYFARE_DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_AUTH_PER_IP: '100000' },
    async () => (await fetch(`${baseUrl}/api/health`)).ok,
  );
  let cpuPerWrite = 0;
  try {
    const seeded = await seed(baseUrl, 0);
    const url = `${baseUrl}/api/trip-split/trips/${seeded.tripId}/expenses`;
    if (GET) await seedManyTrips(baseUrl, seeded.tokens[2] as string);
    const post = (amount: number) =>
      GET
        ? load(`${baseUrl}${GET}`, {
            seconds: 3600,
            amount,
            headers: { authorization: `Bearer ${seeded.tokens[2]}` },
          })
        : load(url, {
            seconds: 3600,
            amount,
            method: 'POST',
            headers: { authorization: `Bearer ${seeded.tokens[1]}`, 'content-type': 'application/json' },
            body: expenseBody(seeded),
            ...(KEYED && { headersEach: () => ({ 'idempotency-key': randomUUID() }) }),
          });
    await call(baseUrl, 'POST', '/api/trips', TRIP_BODY, seeded.tokens[0]);
    await post(WARM);
    const cpuBefore = cpuMs(server.pid);
    const result = await post(WRITES);
    cpuPerWrite = ((cpuMs(server.pid) - cpuBefore) * 1000) / WRITES;
    console.log(
      `Profile of ${WRITES} ${GET ? `GET ${GET} (a member of ${MANY_TRIPS} trips)` : `POST …/expenses (20-way split${KEYED ? ', Idempotency-Key' : ''})`}, ${LIB}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `${Math.round(result.requestsPerSecond)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}` +
        `${result.errors ? `, ${result.errors} errors` : ''}; server CPU ${cpuPerWrite.toFixed(0)} µs a request ` +
        `(the whole run, with the profiler's own cost)`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile in ${profileDir}`);
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as Profile;
  for (const line of summarize(profile)) console.log(line);
  for (const line of chargedToOurs(profile, cpuPerWrite)) console.log(line);
  if (process.env.PROFILE_TREE) {
    console.log(`--- call tree (total time, ≥ ${process.env.PROFILE_TREE}% of the busy samples)`);
    for (const line of callTree(profile, Number(process.env.PROFILE_TREE) / 100)) console.log(line);
  }
  if (process.env.PROFILE_KEEP)
    fs.copyFileSync(path.join(profileDir, file), path.join(process.env.PROFILE_KEEP, file));
  fs.rmSync(profileDir, { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
