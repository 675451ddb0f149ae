import { fileURLToPath } from 'node:url';

/**
 * `@/…` is web/src/…: code that leaves its own area (a feature, shared/, app/) imports by that name instead of a
 * chain of `../`. One definition for Vite, the shell renderer and Vitest; tsconfig.json's `paths` says the same.
 */
export const WEB_SRC_ALIAS = { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) };
