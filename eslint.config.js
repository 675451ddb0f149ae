import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';

/*
 * Boundaries (README, "Code layout and boundaries"). The web app is layered app → features → shared:
 * - a feature is used by others only through its public `index.ts` (`../<feature>`), never `../<feature>/<file>`;
 * - `shared/` imports no feature and not the app; features never import the app;
 * - the app imports features through their index too.
 * One documented exception keeps code splitting: a lazily loaded screen (`import()` of a module whose name ends
 * in `Page` or `Modal`, e.g. `lazyNamed(() => import('../features/trips/TripsPage'), 'TripsPage')`) is imported
 * from its own file. Re-exporting pages from an index would put every page of a feature, and whatever the index
 * pulls in, into the chunk of whoever imports the index; a dynamic import of one page file keeps that page its own
 * chunk. Any other dynamic import across features is refused like a static one.
 * Both tiers (and the contract) also refuse import cycles.
 */
const crossFeatureFile = {
  regex: '^\\.\\./[^./][^/]*/.+',
  message: "Import another feature through its public index ('../<feature>'), not one of its files.",
};
const featuresByPath = {
  regex: '^(\\.\\./)+features(/|$)',
  message: "Inside web/src/features, import another feature as '../<feature>' (its public index).",
};
const appFromBelow = {
  regex: '^(\\.\\./)+app(/|$)',
  message: 'Features and shared code never import web/src/app (app → features → shared).',
};
const featureFromShared = {
  regex: '^(\\.\\./)+features(/|$)',
  message: 'web/src/shared imports no feature (app → features → shared); move what both need into shared.',
};
const featureFileFromApp = {
  regex: '^(\\.\\./)+features/[^/]+/.+',
  message: "The app imports a feature through its public index ('../features/<feature>').",
};
const lazyScreensOnly = {
  // `\x2F` is "/": the selector syntax does not allow a bare slash inside a regex.
  selector:
    'ImportExpression[source.value=/^(\\.\\.\\x2F)+(features\\x2F)?[^.\\x2F][^\\x2F]*\\x2F/]:not([source.value=/(Page|Modal)$/])',
  message:
    'Across features, only a lazily loaded screen (a *Page or *Modal module) may be imported from its own file; import the rest through the index.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-firebase/**',
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
    files: ['functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'contract/src/**/*.ts'],
    // eslint-plugin-import, not import-x: import-x's resolver ships per-platform native bindings that the lock file
    // cannot list from this machine's registry, and `npm ci` then refuses the lock.
    plugins: { import: importPlugin },
    settings: {
      // Without a parser for .ts the plugin cannot read the imported modules, and no-cycle silently finds nothing.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: { 'import/no-cycle': 'error' },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [crossFeatureFile, featuresByPath, appFromBelow] }],
      'no-restricted-syntax': ['error', lazyScreensOnly],
    },
  },
  {
    files: ['web/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [featureFromShared, appFromBelow] }],
    },
  },
  {
    files: ['web/src/app/**/*.{ts,tsx}', 'web/src/main.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [featureFileFromApp] }],
      'no-restricted-syntax': ['error', lazyScreensOnly],
    },
  },
);
