export * from './category';
export * from './convert';
export * from './itinerary-text';
export { normalizeGuide } from './normalize';
export { repairJson } from './repair-json';
export * from './parser';
export * from './types';
