import { inject } from 'vitest';

// The emulators project's setup file: before a suite's modules load, the addresses of the run's emulators (free
// ports, chosen by the global setup) as the environment variables the suites and the admin SDK read.
Object.assign(process.env, inject('emulatorClientEnv'));

// The global setup starts the suite in the background (while the projects before this one run): wait until it
// serves. 202: not yet; 204: serving; anything else: it did not start, and says why.
for (;;) {
  const ready = await fetch(inject('emulatorReadyUrl'));
  if (ready.status === 204) break;
  if (ready.status !== 202) throw new Error(`the emulator suite did not start: ${await ready.text()}`);
}
