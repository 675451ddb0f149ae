import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';
import { TOKEN_KEY } from './src/shared/authToken';
import type { FirstLoadRoute, FirstLoadTable } from './src/shared/earlyAnswers';

const SRC = fileURLToPath(new URL('./src/', import.meta.url));
const FIRST_LOAD = `${SRC}firstLoad.ts`;

const TRIP = '/api/trips/$1';
const SPLIT_TRIP = '/api/trip-split/trips/$1';
const DATA_LAYER = 'app/QueryLayer.tsx';

/**
 * Issue #24: each signed-in page's first-visit needs: its route (as routes.tsx), the modules it renders first (the
 * data layer and the page), and the API addresses it reads first (as its queries ask
 * them; e2e/first-load.e2e.ts checks that each is taken, and asked once).
 */
const FIRST_LOAD_ROUTES: Array<Omit<FirstLoadRoute, 'files'> & { modules: string[] }> = [
  {
    path: '^/trips/?$',
    modules: [DATA_LAYER, 'features/trips/TripsPage.tsx'],
    api: ['/api/trips?cursor=', '/api/trip-split/invitations'],
  },
  {
    path: '^/trips/([^/]+)/?$',
    modules: [DATA_LAYER, 'features/trip-details/TripDetailsPage.tsx'],
    api: [TRIP],
  },
  {
    path: '^/trips/([^/]+)/split/?$',
    modules: [DATA_LAYER, 'features/split/TripSplitPage.tsx'],
    formatsMoney: true,
    api: [TRIP, `${SPLIT_TRIP}/budget`],
  },
  {
    path: '^/trip-split/?$',
    modules: [DATA_LAYER, 'features/overview/TripSplitOverviewPage.tsx'],
    formatsMoney: true,
    api: ['/api/trip-split/user/trips?cursor=', '/api/trip-split/invitations'],
  },
];

type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** A chunk's file, its static imports' files (recursively) and their style sheets. */
function filesOf(chunk: Chunk, chunks: Map<string, Chunk>, into = new Set<string>()): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const name of chunk.imports) {
    const imported = chunks.get(name);
    if (imported) filesOf(imported, chunks, into);
  }
  return into;
}

/**
 * Adds src/firstLoad.ts to the build as a script of its own, before the entry in index.html, and the table it reads
 * (`#first-load`: each route's files beyond the entry's, its first API reads) at the end of the body.
 */
export function firstLoad(): Plugin {
  let command = '';
  return {
    name: 'wayfare:first-load',
    configResolved(config) {
      command = config.command;
    },
    buildStart() {
      if (command === 'build') this.emitFile({ type: 'chunk', id: FIRST_LOAD, name: 'first-load' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = new Map(
          Object.values(bundle)
            .filter((output): output is Chunk => output.type === 'chunk')
            .map((chunk) => [chunk.fileName, chunk]),
        );
        const entry = [...chunks.values()].find(
          (chunk) => chunk.isEntry && chunk.facadeModuleId !== FIRST_LOAD,
        );
        const script = [...chunks.values()].find((chunk) => chunk.facadeModuleId === FIRST_LOAD);
        if (!entry || !script) throw new Error('first-load: the build has no entry or no first-load chunk');
        const loaded = filesOf(entry, chunks);
        const routes = FIRST_LOAD_ROUTES.map(({ modules, ...route }): FirstLoadRoute => {
          const files = new Set<string>();
          for (const module of modules) {
            const chunk = [...chunks.values()].find((c) => c.facadeModuleId === `${SRC}${module}`);
            if (!chunk) throw new Error(`first-load: no chunk starts at ${module}`);
            filesOf(chunk, chunks, files);
          }
          return { ...route, files: [...files].filter((f) => !loaded.has(f)).map((f) => `/${f}`) };
        });
        const table: FirstLoadTable = { tokenKey: TOKEN_KEY, routes };
        return [
          // Before the entry, so it runs first (module scripts run in document order once the page is parsed).
          { tag: 'script', attrs: { type: 'module', src: `/${script.fileName}` }, injectTo: 'head-prepend' },
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'first-load' },
            children: JSON.stringify(table),
            injectTo: 'body',
          },
        ];
      },
    },
  };
}
