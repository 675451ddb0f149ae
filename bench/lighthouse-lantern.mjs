// Replays Lighthouse 13's simulated LCP (Lantern) on a run kept by bench/lighthouse.ts with
// LIGHTHOUSE_TRACE=1 (its trace and DevTools log), and prints each request and main-thread task of the LCP's graph
// with its simulated start and end: what the simulated LCP waits for. Lighthouse's own modules, so through npx as
// the bench runs it:
//   npx -y -p node@22.23.3 -p lighthouse@13.5.0 -c 'node bench/lighthouse-lantern.mjs <kept report .json>'
import fs from 'node:fs';
import path from 'node:path';

// npx puts the lighthouse package's bin folder first on PATH.
const bin = process.env.PATH.split(path.delimiter).find((dir) =>
  fs.existsSync(path.join(dir, '..', 'lighthouse', 'package.json')),
);
if (!bin) throw new Error('lighthouse is not on PATH: run this through npx -p lighthouse@13.5.0 (above)');
const lighthouse = path.join(bin, '..', 'lighthouse');
const { LanternLargestContentfulPaint } = await import(
  path.join(lighthouse, 'core/computed/metrics/lantern-largest-contentful-paint.js')
);
const { defaultSettings } = await import(path.join(lighthouse, 'core/config/constants.js'));

const report = process.argv[2];
if (!report?.endsWith('.json')) throw new Error('usage: lighthouse-lantern.mjs <kept report .json>');
const trace = JSON.parse(fs.readFileSync(report.replace(/\.json$/, '.trace.json'), 'utf8'));
const devtoolsLog = JSON.parse(fs.readFileSync(report.replace(/\.json$/, '.devtoolslog.json'), 'utf8'));
const url = devtoolsLog.find((m) => m.method === 'Network.requestWillBeSent' && m.params.type === 'Document')
  .params.documentURL;
const navigationStart = trace.traceEvents.find(
  (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL,
).ts;
const result = await LanternLargestContentfulPaint.request(
  {
    trace,
    devtoolsLog,
    gatherContext: { gatherMode: 'navigation' },
    settings: { ...defaultSettings, throttlingMethod: 'simulate', formFactor: 'mobile' },
    URL: { requestedUrl: url, mainDocumentUrl: url, finalDisplayedUrl: url },
    SourceMaps: [],
    HostDPR: 1,
    simulator: null,
  },
  { computedCache: new Map() },
);
const ms = (value) => String(Math.round(value)).padStart(5);
console.log(
  `simulated LCP ${Math.round(result.timing)} ms (optimistic ${Math.round(result.optimisticEstimate.timeInMs)},` +
    ` pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)}); the pessimistic graph, start and end in ms:`,
);
for (const [node, timing] of [...result.pessimisticEstimate.nodeTimings].sort(
  (a, b) => a[1].startTime - b[1].startTime,
)) {
  let what;
  if (node.type === 'network') {
    const { request } = node;
    what = `${request.resourceType} ${request.url.replace(/^https?:\/\/[^/]+/, '')} ${(request.transferSize / 1024).toFixed(1)} kB`;
  } else {
    const kinds = {};
    for (const event of node.childEvents)
      if (event.dur >= 1000) kinds[event.name] = (kinds[event.name] ?? 0) + event.dur / 1000;
    const top = Object.entries(kinds)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name, took]) => `${name} ${Math.round(took)}`);
    const starts = node
      .getDependents()
      .filter((dependent) => dependent.type === 'network')
      .map((dependent) => dependent.request.url.split('/').pop());
    what =
      `task of ${Math.round(node.duration / 1000)} ms observed at ${Math.round((node.startTime - navigationStart) / 1000)} ms` +
      (top.length ? ` (${top.join(', ')})` : '') +
      (starts.length ? `, starts ${starts.join(' ')}` : '');
  }
  console.log(`${ms(timing.startTime)} ${ms(timing.endTime)}  ${what}`);
}
