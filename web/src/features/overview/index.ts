/** Public surface of the split overview: the page's frame as index.html draws it (app/shell/renderShell.tsx). The page itself loads lazily from its own file. */
export { OverviewLoadingFrame } from './OverviewFrame';
