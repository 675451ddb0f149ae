import { inject } from 'vitest';

// The emulators project's setup file: before a suite's modules load, the addresses of the run's emulators (free
// ports, chosen by the global setup) as the environment variables the suites and the admin SDK read.
Object.assign(process.env, inject('emulatorClientEnv'));
