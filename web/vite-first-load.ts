import { fileURLToPath } from 'node:url';
import { createServer, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';
import { WEB_SRC_ALIAS } from './alias';
// By its path: Vite loads this file with its config, where workspace packages are not compiled.
import { allEndpoints, endpointUrl } from '../contract/src/endpoints';
import { PAGES, pathParams, type FirstRead, type Page } from './src/app/pages';
import { SHELL_ROUTES, type ShellRoute } from './src/app/shell/shellRoutes';
import { TOKEN_KEY } from './src/shared/authToken';
import type { FirstLoadRoute, FirstLoadTable } from './src/shared/earlyAnswers';

const WEB = fileURLToPath(new URL('./', import.meta.url));
const SRC = `${WEB}src/`;
const FIRST_LOAD = `${SRC}firstLoad.ts`;

const DATA_LAYER = 'app/QueryLayer.tsx';

/**
 * A first read's address as the first-load table names it: the endpoint's path (contract's catalogue) with each
 * param the page's pattern group of the same name (`$1`…), and its query, as the page's query asks it.
 */
function firstReadAddress(page: Page, read: FirstRead): string {
  const entry = allEndpoints[read.endpoint];
  if (entry.method !== 'GET') throw new Error(`first-load: ${read.endpoint} is no read`);
  const groups = pathParams(page.path);
  const params = Object.fromEntries(
    (read.params ?? []).map((name) => {
      const group = groups.indexOf(name);
      if (group < 0) throw new Error(`first-load: ${page.path} has no :${name} for ${read.endpoint}`);
      return [name, `$${group + 1}`];
    }),
  );
  return endpointUrl(entry, { params, query: read.query }, (value) => value);
}

/**
 * Each signed-in page's first-visit needs (app/pages.ts): its route (as routes.tsx), the modules it
 * renders first (the data layer and the page), and the API addresses it reads first (as its queries ask
 * them; e2e/first-load.e2e.ts checks that each is taken, and asked once).
 */
const FIRST_LOAD_ROUTES: Array<Omit<FirstLoadRoute, 'files'> & { modules: string[] }> = (
  Object.keys(SHELL_ROUTES) as ShellRoute[]
).map((name) => {
  const page: Page = PAGES[name];
  const firstLoad = PAGES[name].firstLoad;
  return {
    path: SHELL_ROUTES[name],
    modules: [DATA_LAYER, page.module],
    ...('formatsMoney' in firstLoad && { formatsMoney: firstLoad.formatsMoney }),
    api: firstLoad.reads.map((read) => firstReadAddress(page, read)),
  };
});

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

/** An address a route's pattern matches: `^/trips/([^/]+)/?$` → `/trips/trip`. */
const examplePath = (pattern: string) => pattern.replace(/^\^|\/\?\$$/g, '').replaceAll('([^/]+)', 'trip');

/**
 * The app's first render on each path for a signed-in user (src/app/shell/renderShell.tsx), rendered at build time
 * by Vite's module runner from the same sources as the bundle.
 */
async function renderShells(paths: string[]): Promise<string[]> {
  const server = await createServer({
    configFile: false,
    root: WEB,
    logLevel: 'error',
    appType: 'custom',
    resolve: { alias: [WEB_SRC_ALIAS] },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderShell } = (await server.ssrLoadModule(`${SRC}app/shell/renderShell.tsx`)) as {
      renderShell: (path: string) => string;
    };
    return paths.map(renderShell);
  } finally {
    await server.close();
  }
}

/** The CSS modules' class names (`_local_hash_line`, as the build names them) a piece of markup uses. */
const moduleClassesOf = (html: string) =>
  new Set(
    [...html.matchAll(/class="([^"]*)"/g)].flatMap(([, names = '']) =>
      names.split(/\s+/).filter((name) => name.startsWith('_')),
    ),
  );

/**
 * Adds src/firstLoad.ts to the build as index.html's one script (the entry is preloaded; firstLoad.ts runs it), and
 * what it reads at the end of the body: the table (`#first-load`: the entry, each route's files beyond the entry's,
 * its first API reads, its frame) and each route's frame (a template: the app's first render there for a signed-in
 * user).
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
      async handler(html, { bundle }) {
        if (!bundle) return html;
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
            // The chunk the module starts, or the shared chunk it was grouped into (the data layer).
            const chunk = [...chunks.values()].find((c) => c.moduleIds.includes(`${SRC}${module}`));
            if (!chunk) throw new Error(`first-load: no chunk holds ${module}`);
            filesOf(chunk, chunks, files);
          }
          return { ...route, files: [...files].filter((f) => !loaded.has(f)).map((f) => `/${f}`) };
        });
        const shells = await renderShells(routes.map((route) => examplePath(route.path)));
        const cssOf = (file: string) => {
          const asset = bundle[file.replace(/^\//, '')];
          return asset?.type === 'asset' ? String(asset.source) : '';
        };
        const entryCss = [...loaded].filter((file) => file.endsWith('.css')).map(cssOf);
        // index.html preloads the entry; firstLoad.ts runs it, after the frame's first paint when it draws one.
        const entryTag = `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
        if (!html.includes(entryTag)) throw new Error(`first-load: index.html has no ${entryTag}`);
        const table: FirstLoadTable = {
          entry: `/${entry.fileName}`,
          tokenKey: TOKEN_KEY,
          routes: routes.map((route, index) => {
            // The frame must look as the app draws it: each of its style classes is named as in the bundle and
            // styled by the entry's style sheets (which index.html links) or by the page's own, which firstLoad.ts
            // applies before it draws the frame.
            const shell = shells[index] ?? '';
            const frameCss = new Set<string>();
            for (const name of moduleClassesOf(shell)) {
              if (entryCss.some((css) => css.includes(`.${name}`))) continue;
              const file = route.files.find((f) => f.endsWith('.css') && cssOf(f).includes(`.${name}`));
              if (!file)
                throw new Error(`first-load: no style sheet of ${route.path} styles the frame's ${name}`);
              frameCss.add(file);
            }
            return {
              ...route,
              frame: `first-load-frame-${index}`,
              frameCss: [...frameCss],
              headingFirst: shell.includes('<h1'),
            };
          }),
        };
        const tags = [
          ...table.routes.map(({ frame }, index) => ({
            tag: 'template',
            attrs: { id: frame },
            children: shells[index],
            injectTo: 'body' as const,
          })),
          { tag: 'script', attrs: { type: 'module', src: `/${script.fileName}` }, injectTo: 'head-prepend' },
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'first-load' },
            children: JSON.stringify(table),
            injectTo: 'body',
          },
        ] satisfies HtmlTagDescriptor[];
        return {
          html: html.replace(entryTag, `<link rel="modulepreload" crossorigin href="/${entry.fileName}">`),
          tags,
        };
      },
    },
  };
}
