import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';

/*
 * Boundaries (docs/architecture.md, "Code layout and boundaries"). The web app is layered app → features → shared:
 * - inside its own area (one feature, shared/, app/) a module imports by relative path; anything outside it by
 *   `@/…` (web/alias.ts), never a chain of `../` out of the area;
 * - a feature is used by others only through its public `index.ts` (`@/features/<feature>`), never one of its files;
 * - `shared/` imports no feature and not the app; features never import the app;
 * - the app imports features through their index too.
 * One documented exception keeps code splitting: a lazily loaded screen (`import()` of a module whose name ends
 * in `Page` or `Modal`, e.g. `lazyNamed(() => import('@/features/trips/TripsPage'), 'TripsPage')`) is imported
 * from its own file. Re-exporting pages from an index would put every page of a feature, and whatever the index
 * pulls in, into the chunk of whoever imports the index; a dynamic import of one page file keeps that page its own
 * chunk. Any other dynamic import across features is refused like a static one.
 * Both tiers (and the contract) also refuse import cycles.
 */
/** A relative import that climbs out of its area: `depth` levels up is the area's parent. */
const outOfArea = (depth) => ({
  regex: `^(\\.\\./){${depth},}`,
  message: "Outside its own area (a feature, shared/, app/), import by '@/…' (web/alias.ts), not by '../'.",
});
const featureFile = {
  regex: '^@/features/[^/]+/.+',
  message:
    "Import a feature through its public index ('@/features/<feature>'); inside a feature, by relative path.",
};
const appFromBelow = {
  regex: '^@/app(/|$)',
  message: 'Features and shared code never import web/src/app (app → features → shared).',
};
const featureFromShared = {
  regex: '^@/features(/|$)',
  message: 'web/src/shared imports no feature (app → features → shared); move what both need into shared.',
};
const lazyScreensOnly = {
  // `\x2F` is "/": the selector syntax does not allow a bare slash inside a regex.
  selector:
    'ImportExpression[source.value=/^(@\\x2Ffeatures\\x2F|(\\.\\.\\x2F)+)[^.\\x2F][^\\x2F]*\\x2F/]:not([source.value=/(Page|Modal)$/])',
  message:
    'Across features, only a lazily loaded screen (a *Page or *Modal module) may be imported from its own file; import the rest through the index.',
};
/** The web app's import rules for the files `depth` folders below their area's root. */
const webArea = (files, depth, patterns, syntax = []) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [outOfArea(depth), ...patterns] }],
    ...(syntax.length > 0 ? { 'no-restricted-syntax': ['error', ...syntax] } : {}),
  },
});

/*
 * Server zones, so each layer can be read and changed alone. functions/src is layered, bottom to top:
 *   store/  the port (port/, gathered by types.ts), its adapters and their private-paths helper: imports nothing
 *           else of the server;
 *   http/   errors, parsing, middleware, session tokens, the pages' CSP: may use store/, no feature and not files/;
 *   files/  file storage and the upload pipeline every feature shares: may use http/ and store/, no feature;
 *   features (ai, auth, ledger, links, places, plans, rates, trips, weather): may use the three above, another feature
 *           only through the modules it offers (SERVER_PUBLIC), and never a store adapter (store/embedded,
 *           store/firestore): they see the port, and the composition root picks the adapter;
 *   the composition root (app.ts, server.ts, index.ts, firebase-app.ts, config.ts): may use anything.
 * Tests (and their helpers, in functions/test-support/ outside src) are exempt: they start the real parts, adapters
 * included.
 * There are no exceptions.
 */
const SERVER = 'functions/src';
const SERVER_FEATURES = ['ai', 'auth', 'links', 'places', 'plans', 'ledger', 'rates', 'trips', 'weather'];
/** What a feature offers the others besides its index.ts (ai/ has one); every other file of it is its inside. */
const SERVER_PUBLIC = {
  ai: ['offline-planner.ts', 'types.ts', 'gemini-client.ts'], // the guide providers; the Gemini SDK client
  places: ['cities.ts'], // the bundled city data the guide writers and trip creation read
  rates: ['provider.ts'], // exchange rates the ledger converts amounts with
  // the membership check of every trip-scoped feature; the trip as answered; the kept, paged answers of both trip lists
  trips: ['access.ts', 'view.ts', 'cached-lists.ts'],
};
const below = { store: [], http: ['store'], files: ['http', 'store'] };
/** One zone per (importing folder, imported folder) pair; `allowed` are the files of `from` it may still import. */
function serverZone(into, from, message, allowed = []) {
  const except = allowed.map((file) => `./${file}`);
  return { target: `${SERVER}/${into}`, from: `${SERVER}/${from}`, except, message };
}
const serverZones = [
  ...Object.entries(below).flatMap(([into, allowedBelow]) =>
    ['store', 'http', 'files', ...SERVER_FEATURES]
      .filter((from) => from !== into && !allowedBelow.includes(from))
      .map((from) =>
        serverZone(
          into,
          from,
          `functions/src/${into} sits below ${from}/ and may not import it (eslint.config.js).`,
        ),
      ),
  ),
  ...SERVER_FEATURES.flatMap((into) => [
    ...SERVER_FEATURES.filter((from) => from !== into).map((from) =>
      serverZone(
        into,
        from,
        `Another feature's inside: use what ${from}/ offers (SERVER_PUBLIC in eslint.config.js) or move the shared part below the features.`,
        ['index.ts', ...(SERVER_PUBLIC[from] ?? [])],
      ),
    ),
    ...['embedded', 'firestore'].map((adapter) =>
      serverZone(
        into,
        `store/${adapter}`,
        'Features use the store port (store/types.ts); the composition root picks the adapter.',
      ),
    ),
  ]),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-firebase/**',
      '**/dist-emulators/**',
      '**/lib/**',
      '.data/**',
      'coverage/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: [
      'functions/src/**/*.ts',
      'functions/test-support/**/*.ts',
      'web/src/**/*.{ts,tsx}',
      'contract/src/**/*.ts',
    ],
    // eslint-plugin-import, not import-x: import-x's resolver ships per-platform native bindings that the lock file
    // cannot list from this machine's registry, and `npm ci` then refuses the lock.
    plugins: { import: importPlugin },
    settings: {
      // Without a parser for .ts the plugin cannot read the imported modules, and no-cycle silently finds nothing.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js'],
      // `@/…` is web/src (web/alias.ts); the rest as Node resolves it.
      'import/resolver': {
        [`${import.meta.dirname}/scripts/eslint-web-alias-resolver.cjs`]: {},
        node: { extensions: ['.ts', '.tsx', '.js'] },
      },
    },
    rules: { 'import/no-cycle': 'error' },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverZones }] },
  },
  webArea(['web/src/features/*/*.{ts,tsx}'], 1, [featureFile, appFromBelow], [lazyScreensOnly]),
  webArea(['web/src/features/*/*/*.{ts,tsx}'], 2, [featureFile, appFromBelow], [lazyScreensOnly]),
  webArea(['web/src/shared/*.{ts,tsx}'], 1, [featureFromShared, appFromBelow]),
  webArea(['web/src/shared/*/*.{ts,tsx}'], 2, [featureFromShared, appFromBelow]),
  webArea(['web/src/app/*.{ts,tsx}'], 1, [featureFile], [lazyScreensOnly]),
  webArea(['web/src/app/*/*.{ts,tsx}'], 2, [featureFile], [lazyScreensOnly]),
);
