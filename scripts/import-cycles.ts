// Import loops between our own modules, type-only imports included: `npm run lint` fails on any. ESLint's
// import/no-cycle (eslint.config.js) skips `import type`, so two modules that only need each other's types would go
// unnoticed there; this follows every import, export-from and import() that TypeScript resolves to a file of ours.
// node --import tsx scripts/import-cycles.ts [folder…] (default: every workspace's code).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const FOLDERS = [
  'contract/src',
  'functions/src',
  'functions/test-support',
  'web/src',
  'e2e',
  'bench',
  'scripts',
];
const SKIP = new Set(['node_modules', 'dist', 'lib']);
const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  // The web app's `@/…` (web/alias.ts, web/tsconfig.json).
  baseUrl: ROOT,
  paths: { '@/*': ['web/src/*'] },
};

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** Each file's imports of other files of ours (packages left out). */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const imports = importedFiles.flatMap(({ fileName }) => {
      const resolved = ts.resolveModuleName(fileName, file, OPTIONS, ts.sys).resolvedModule;
      return resolved &&
        !resolved.isExternalLibraryImport &&
        !resolved.resolvedFileName.includes('/node_modules/')
        ? [path.resolve(resolved.resolvedFileName)]
        : [];
    });
    graph.set(file, [...new Set(imports)]);
  }
  return graph;
}

/** The groups of files that reach each other through their imports (strongly connected, more than one file). */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const folders = process.argv.length > 2 ? process.argv.slice(2) : FOLDERS;
  const graph = importGraph(folders.flatMap((folder) => sources(path.resolve(ROOT, folder))));
  const cycles = importCycles(graph);
  const name = (file: string) => path.relative(ROOT, file);
  for (const group of cycles) {
    console.error('Import loop (type-only imports count too):');
    for (const file of group) {
      const inLoop = graph.get(file)!.filter((next) => group.includes(next));
      console.error(`  ${name(file)} → ${inLoop.map(name).join(', ')}`);
    }
  }
  if (cycles.length > 0) process.exit(1);
}
