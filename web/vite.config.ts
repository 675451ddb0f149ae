import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { API_CACHE } from './src/shared/offline/apiCache';
import { OFFLINE_API_READS } from './offline-reads';
import { WEB_SRC_ALIAS } from './alias';
import { firstLoad } from './vite-first-load';

// The API lives on the same origin in production; in dev and preview, forward it to the embedded server.
const proxy = { '/api': 'http://localhost:3000' };

const DAY_S = 24 * 60 * 60;

// A feature's public index.ts only re-exports. Marked free of side effects, importing one thing through it pulls in
// that thing alone, not every module (and stylesheet) the index names: a page stays as light as with a direct import.
const FEATURE_INDEX = /\/src\/features\/[^/]+\/index\.ts$/;

// react-date-range (CommonJS) requires the whole of date-fns; it gets a module re-exporting just what it calls.
const CALENDAR_DATE_FNS = fileURLToPath(new URL('./src/shared/ui/dateFnsForCalendar.cjs', import.meta.url));

// A signed-in page would load 24–32 files up front and as many again after. The code the signed-in pages
// share goes into a few larger chunks instead: the split page's data modules; the split pages' contract schemas;
// and `app`, what every signed-in page reads before its first paint: TanStack Query and the data layer, zod with the
// rest of the contract (not the currency names, the ledger files' import/export or the guide's parser, which load
// with the parts using them), the icons, date-fns's ES modules (the calendar's CommonJS copies stay with it) and
// `src/shared`'s small components and helpers (not the calendar). One chunk rather than seven: a first visit
// on a slow link pays a round trip per file, and one file compresses better than seven. What the entry itself uses
// of these (rolldown's "$initial" tag) is one chunk of its own, so the first load of `/` does not grow. A group
// takes only its own modules, not what they import (else the entry's react would move into a group, and the entry
// would load that group).
const SHARED_GROUPS: Array<[name: string, test: RegExp]> = [
  [
    'split-page',
    /[\\/]web[\\/]src[\\/]features[\\/]ledger[\\/](TripSplitPage|queries|live[\\/](useLiveLedger|liveStream)|homeCurrency|categories|budget[\\/](budgetApi|GlanceSummary|glanceModel)|useLedgerView|settlements[\\/]useSettlementCalculation|expenses[\\/](expensePages|expenseMutations|expenseCache))\.tsx?$|[\\/]ledger[\\/](TripSplitPage|budget[\\/]Glance)\.module\.css$|[\\/]node_modules[\\/]eventsource-parser[\\/]/,
  ],
  // The ledger's endpoint entries go with its schemas; a participant's params (leaving a trip, from my trips) with
  // the app.
  [
    'split-schemas',
    /[\\/]contract[\\/]src[\\/](ledger[\\/](?!participants\.ts$)|ledger-trip-lists|itemized|payers|settlement|receipt|rates|budget|spending|currency\.ts|invite-links|ledger-io\.ts$|endpoints[\\/]ledger\.ts$)|[\\/]web[\\/]src[\\/]features[\\/]ledger[\\/]ledgerApi\.ts$/,
  ],
  [
    'app',
    /[\\/]node_modules[\\/]((@tanstack|zod|lucide-react)[\\/]|date-fns[\\/].*\.js$)|[\\/]contract[\\/]src[\\/](?!currency-list\.ts$|ledger-io|recommendations)|[\\/]web[\\/]src[\\/](app[\\/]QueryLayer\.tsx$|shared[\\/](ui[\\/](?!DateRange|dateFns)|query[\\/]|[^\\/]+\.tsx?$)|features[\\/]trips[\\/](queries|tripsApi|format)\.ts$)/,
  ],
];

const sharedChunks = (): Rolldown.CodeSplittingOptions => ({
  includeDependenciesRecursively: false,
  groups: [
    {
      name: 'start',
      test: (id) => SHARED_GROUPS.some(([, test]) => test.test(id)),
      tags: ['$initial'],
      priority: SHARED_GROUPS.length + 1,
    },
    ...SHARED_GROUPS.map(([name, test], i) => ({ name, test, priority: SHARED_GROUPS.length - i })),
  ],
});

// The contract's schemas are built on first use in the web app, so a first visit does not build them all at
// start-up: every top-level `const` whose value is a zod call (`z.…`, or a call on a `…Schema` or on a schema
// wrapped before it in the module) is wrapped in lazySchema(() => …). The server and the tests use the contract as
// written.
const CONTRACT_SRC = fileURLToPath(new URL('../contract/src/', import.meta.url));
const LAZY_SCHEMA = `${CONTRACT_SRC}lazy-schema.ts`;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The identifier a call chain starts from: `z` for `z.object({…}).strict()`, `aSchema` for `aSchema.extend(…)`. */
function chainRoot(node: Node): string | undefined {
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'CallExpression') return chainRoot(node.callee as Node);
  if (node.type === 'MemberExpression') return chainRoot(node.object as Node);
  return undefined;
}

// A value parsed at start-up (`aSchema.parse(…)`) is not a schema: it stays as written.
const isSchemaCall = (init: Node | null, schemas: Set<string>) =>
  init?.type === 'CallExpression' &&
  (/^(z|\w+Schema)$/.test(chainRoot(init) ?? '') || schemas.has(chainRoot(init) ?? '')) &&
  !/^(safe)?(parse|decode|encode)(Async)?$/.test(
    (((init.callee as Node).property as Node | undefined)?.name as string | undefined) ?? '',
  );

function lazySchemas(): Plugin {
  return {
    name: 'wayfare:lazy-schemas',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(CONTRACT_SRC) || id === LAZY_SCHEMA || id.endsWith('.test.ts')) return;
      const program = this.parse(code) as unknown as { body: Node[] };
      const schemas = new Set<string>();
      const inits = program.body
        .map((statement) =>
          statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement,
        )
        .filter((statement) => statement?.type === 'VariableDeclaration' && statement.kind === 'const')
        .flatMap((declaration) => declaration.declarations as Array<{ id: Node; init: Node | null }>)
        .filter(({ id, init }) => isSchemaCall(init, schemas) && schemas.add(id.name as string))
        .map(({ init }) => init as Node);
      if (inits.length === 0) return;
      let out = code;
      for (const { start, end } of inits.reverse())
        out = `${out.slice(0, start)}__lazySchema(() => (${out.slice(start, end)}))${out.slice(end)}`;
      return {
        code: `import { lazySchema as __lazySchema } from ${JSON.stringify(LAZY_SCHEMA)};\n${out}`,
        map: null,
      };
    },
  };
}

// The web app manifest's link, which vite-plugin-pwa writes into index.html; main.tsx links it once the page has
// settled (shared/linkManifest.ts), so a first visit's own files do not wait behind the manifest and its icon.
const MANIFEST_LINK = /<link rel="manifest" href="\/manifest\.webmanifest"[^>]*>/;

function manifestAfterLoad(): Plugin {
  return {
    name: 'wayfare:manifest-after-load',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!MANIFEST_LINK.test(html))
          throw new Error('manifest-after-load: index.html has no manifest link');
        return html.replace(MANIFEST_LINK, '');
      },
    },
  };
}

function calendarDateFns(): Plugin {
  return {
    name: 'wayfare:calendar-date-fns',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'date-fns' && importer?.includes('/node_modules/react-date-range/'))
        return CALENDAR_DATE_FNS;
    },
  };
}

/**
 * The emulator build (`--mode emulators`) loads /emulator-hosts.js before the app: where the run's Auth and Firestore
 * emulators listen, written by the emulator suite beside the build it serves (a test run's ports are free ones).
 */
function emulatorHosts(): Plugin {
  let mode = '';
  return {
    name: 'wayfare:emulator-hosts',
    configResolved(config) {
      mode = config.mode;
    },
    transformIndexHtml() {
      if (mode !== 'emulators') return [];
      return [{ tag: 'script', attrs: { src: '/emulator-hosts.js' }, injectTo: 'head-prepend' }];
    },
  };
}

export default defineConfig({
  resolve: { alias: [WEB_SRC_ALIAS] },
  plugins: [
    react(),
    calendarDateFns(),
    lazySchemas(),
    emulatorHosts(),
    firstLoad(),
    // Installable and offline-first: the manifest, and a Workbox service worker that precaches the app shell and
    // keeps the API reads of the pages a user opened (network first, the cache when offline). main.tsx registers
    // it once the page has settled, so its downloads do not compete with a first visit's own.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        name: 'Wayfare',
        short_name: 'Wayfare',
        description: 'Plan trips from what you love, and split the costs fairly — online or off.',
        start_url: '/trips',
        scope: '/',
        display: 'standalone',
        background_color: '#faf7f2',
        theme_color: '#0f6b74',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // A new version takes over at once, and the first visit's page is served by the worker straight away.
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            urlPattern: OFFLINE_API_READS,
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: API_CACHE,
              // A slow network answers from the cache after a few seconds rather than spinning.
              networkTimeoutSeconds: 6,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * DAY_S },
            },
          },
        ],
      },
    }),
    // After VitePWA, whose link it takes out.
    manifestAfterLoad(),
    // .br and .gz beside each text asset, which the embedded server sends as they are (functions/src/app.ts).
    compression(),
  ],
  build: {
    outDir: 'dist',
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id) => (FEATURE_INDEX.test(id) ? false : undefined) },
      output: { codeSplitting: sharedChunks() },
    },
  },
  server: { proxy },
  preview: { proxy },
});
