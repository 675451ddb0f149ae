// Bundles the API for Node 20: our workspace code (contract/) is inlined so the Cloud Functions upload is
// self-contained; npm dependencies stay external and are installed from package.json on deploy.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: ['src/index.ts', 'src/server.ts'],
  outdir: 'lib',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Chunks, so what index.ts imports lazily (the app, Gemini, upload parsing) loads on first use, not at cold start.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  // better-sqlite3, the embedded server's driver, is an optional dependency: loaded only in embedded mode, never
  // bundled, and the function's install goes on without it if its prebuilt binary cannot be had.
  external: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})],
  logLevel: 'warning',
});
