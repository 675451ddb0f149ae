import fs from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll } from 'vitest';
import { officialFirestoreEmulator } from './test-firestore';

type SeedContext = Parameters<Parameters<RulesTestEnvironment['withSecurityRulesDisabled']>[0]>[0];

/**
 * The official Firestore emulator, when FIRESTORE_EMULATOR_HOST points to one (the emulators project's, which runs
 * these files). Only it evaluates rules; the Node.js emulator ignores them, so without it rules tests are reported
 * as not run, never passed.
 */
export const officialEmulator = officialFirestoreEmulator() ? process.env.FIRESTORE_EMULATOR_HOST : undefined;

export function reportRulesNotRun(what: string) {
  if (!officialEmulator) {
    console.info(
      `[rules] ${what} not run here: they need the official Firestore emulator (a JDK ≥ 21 and the emulator).`,
    );
  }
}

/** firestore.rules loaded into a test environment for a describe block, seeded with rules off first. */
export function rulesTestEnvironment(
  projectId: string,
  seed: (db: ReturnType<SeedContext['firestore']>) => Promise<void>,
) {
  let env: RulesTestEnvironment | undefined;
  beforeAll(async () => {
    const [host, port] = (officialEmulator as string).split(':');
    env = await initializeTestEnvironment({
      projectId,
      firestore: {
        host,
        port: Number(port),
        rules: fs.readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8'),
      },
    });
    await env.withSecurityRulesDisabled((ctx) => seed(ctx.firestore()));
  });
  afterAll(() => env?.cleanup());
  return () => {
    if (!env) throw new Error('the rules environment starts in beforeAll');
    return env;
  };
}
