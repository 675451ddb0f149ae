/**
 * The full guide parser (repaired JSON, key/value pairs, headings, raw text; it brings jsonrepair), in its own
 * chunk: `guide.ts` loads it only for a guide that is text and not JSON, which the writers rarely store.
 */
export { parseRecommendations } from '@wayfare/contract';
