// eslint-plugin-import's resolver for the web app's `@/…` imports (web/alias.ts): without it, import/no-cycle
// cannot follow them and would miss every cycle through one. Other sources are left to the next resolver.
// CommonJS because eslint-plugin-import loads resolvers with require().
/* eslint-disable @typescript-eslint/no-require-imports */
const fs = require('node:fs');
const path = require('node:path');

const WEB_SRC = path.join(__dirname, '..', 'web', 'src');
const CANDIDATES = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx'];

exports.interfaceVersion = 2;
exports.resolve = (source) => {
  if (!source.startsWith('@/')) return { found: false };
  const base = path.join(WEB_SRC, source.slice(2));
  const found = CANDIDATES.map((ending) => base + ending).find((file) =>
    fs.statSync(file, { throwIfNoEntry: false })?.isFile(),
  );
  return found ? { found: true, path: found } : { found: false };
};
