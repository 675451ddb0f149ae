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
  // better-sqlite3 is the embedded server's alone, a dependency of the root package (npm start), so the function's
  // install never builds it.
  external: [...Object.keys(pkg.dependencies ?? {}), 'better-sqlite3'],
  logLevel: 'warning',
});
