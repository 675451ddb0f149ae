/** Public surface of the split overview: the frame the app draws while the page's code loads. The page itself loads lazily from its own file. */
export { OverviewLoadingFrame } from './OverviewFrame';
