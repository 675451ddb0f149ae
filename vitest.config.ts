import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { WEB_SRC_ALIAS } from './web/alias';

/** Rules tests: only the official Firestore emulator evaluates rules, so they run in the emulators project alone. */
const RULES_SUITES = ['functions/src/store/firestore/*.rules.test.ts'];

/**
 * The suites that run a second time inside the emulator suite (same tests, another address). A suite
 * that starts the API with settings of its own (a stand-in's address) gets the function reloaded on them. The
 * races and conflicts that need the official Firestore emulator run here on it: the contract suites'
 * Firestore adapter, Idempotency-Key claims, and the 50-writer concurrency suite, whose app runs in the test's process
 * on the suite's Firestore (the Functions emulator starts one worker process per concurrent request, and 50 cold
 * workers on this 2-core machine outlast Hosting's proxy timeout; split.api's parallel expense writes run there, 20
 * at once).
 */
const EMULATOR_API_SUITES = [
  ...RULES_SUITES,
  'functions/src/store/store.contract.test.ts',
  'functions/src/store/ledger.contract.test.ts',
  'functions/src/store/plans.contract.test.ts',
  'functions/src/store/idempotency.contract.test.ts',
  'functions/src/http/idempotency.api.test.ts',
  'functions/src/concurrency.api.test.ts',
  'functions/src/authz.api.test.ts',
  'functions/src/fuzz.api.test.ts',
  'functions/src/trips/trips.api.test.ts',
  'functions/src/trips/create.api.test.ts',
  // Both trip lists, whole and by page, from the figures the writes maintain.
  'functions/src/trips/trip-lists.api.test.ts',
  'functions/src/plans/plans.api.test.ts',
  'functions/src/ledger/ledger.api.test.ts',
  // Adding participants at once or by invitation (each person's setting), the owner who stays, limits for groups.
  'functions/src/ledger/participants.api.test.ts',
  // Guests added by name and claimed by an account in one Firestore transaction.
  'functions/src/ledger/guests.api.test.ts',
  // Guest sessions: joining by invite link without an account, scoped to one trip, ended by removal or the link.
  'functions/src/ledger/guest-sessions.api.test.ts',
  // Participant weights on the membership, and by_shares splits read from them.
  'functions/src/ledger/weights.api.test.ts',
  // Conditional expense writes: the version check inside the edit's or delete's Firestore transaction.
  'functions/src/ledger/expense-conflicts.api.test.ts',
  // Households and settling by household: the Firestore adapter's transactions and the planner over them.
  'functions/src/ledger/households.api.test.ts',
  // Payment handles on the account, read by the members of the user's trips only.
  'functions/src/ledger/payment-handles.api.test.ts',
  'functions/src/spec-contract.api.test.ts',
  'functions/src/ledger/expense-pages.api.test.ts',
  'functions/src/ledger/payers.api.test.ts',
  // The Splitwise import: other currencies at the function's reference rates, one Firestore transaction.
  'functions/src/ledger/ledger-files/ledger-io.api.test.ts',
  // Receipts in the Storage bucket; the stand-ins' suites with the function reloaded on their addresses.
  'functions/src/ledger/receipts.api.test.ts',
  'functions/src/rates/currencies.api.test.ts',
  // Gemini guides written by the writeGuide task on the Cloud Tasks emulator; sweepGuides as the scheduler calls it.
  'functions/src/trips/guide.api.test.ts',
  'functions/src/firebase-live.api.test.ts',
  // The web app in a browser under Hosting's headers, live through the Auth and Firestore emulators.
  'e2e/firebase-live.emulators.ts',
];

/**
 * Suites of the emulators project whose function runs on settings of its own (a stand-in's address, a Gemini key):
 * the global setup reloads the function for each (10–15 s here), and again for the next suite on the defaults.
 * Last in the run, they need no reload back.
 */
const OWN_SETTINGS_SUITES = [
  'functions/src/rates/currencies.api.test.ts',
  'functions/src/trips/guide.api.test.ts',
];

class EmulatorRestartsLast extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const ownSettings = (spec: TestSpecification) =>
      spec.project.name === 'emulators' && OWN_SETTINGS_SUITES.some((suite) => spec.moduleId.endsWith(suite));
    return [...sorted.filter((spec) => !ownSettings(spec)), ...sorted.filter(ownSettings)];
  }
}

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Vitest's default (cores − 1) is one worker on a 2-core machine, which leaves a core idle while API suites wait
    // on their servers: two workers run unit+api and web-components in 2m40s instead of 4m16s here. The emulators
    // project keeps one file at a time (fileParallelism: false), after the others: its suites share one function.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: EmulatorRestartsLast },
    projects: [
      {
        resolve: { alias: [WEB_SRC_ALIAS] },
        test: {
          name: 'unit+api',
          include: [
            'contract/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'web/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...RULES_SUITES],
          environment: 'node',
          // Ceilings, not waits: the fuzz, authz-matrix and property suites send hundreds of requests, which took
          // over 20 s each while two clean-clone runs shared the two cores.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Component tests (`web/src/**/*.test.tsx`): the rendered React components in jsdom, through Testing Library.
        // Vite compiles them as it does the app (JSX, CSS modules); env pins the keyless, embedded-mode build.
        plugins: [react()],
        resolve: { alias: [WEB_SRC_ALIAS] },
        test: {
          name: 'web-components',
          include: ['web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['web/src/test-support/setup.ts'],
          env: { VITE_GOOGLE_MAPS_API_KEY: '', VITE_WAYFARE_BACKEND: 'embedded' },
          css: { modules: { classNameStrategy: 'non-scoped' } },
          // The first test to show the date calendar loads it (a lazy chunk) in ~3 s on this shared 2-core machine,
          // several times that while a second test run shares it.
          testTimeout: 45_000,
        },
      },
      {
        // The same API suites again, against the product inside firebase-tools' emulators (Hosting's /api rewrite
        // to the Functions emulator, on Firestore): started once by the global setup, suites one at a time.
        test: {
          name: 'emulators',
          include: EMULATOR_API_SUITES,
          environment: 'node',
          globalSetup: ['functions/test-support/emulators.global-setup.ts'],
          // Hosting's address and the emulators' hosts (free ports) come from the global setup, through this file.
          setupFiles: ['functions/test-support/emulators.setup.ts'],
          env: { METADATA_SERVER_DETECTION: 'none' },
          testTimeout: 180_000,
          // Above the suite's own start-up ceiling (STARTUP_LIMIT_MS in emulator-suite.ts), so a slow start fails with
          // its own message rather than a hook timeout.
          hookTimeout: 360_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias: [WEB_SRC_ALIAS] },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          // Ceilings, not waits (every step waits for what the page shows): a flow of some 30 steps at two sizes takes
          // 10–25 s here on a quiet machine, over 60 s with a second test run on the same two cores, and over 180 s
          // with two runs and more work beside them (load average 30).
          testTimeout: 600_000,
          hookTimeout: 180_000,
          // expect.poll's own 1 s ceiling, raised to a browser step's (e2e/support/step.ts): a poll ends when it holds.
          expect: { poll: { timeout: 60_000 } },
          // One browser and one server (free port, data folder of its own) per file, two files at a time like the
          // other projects (maxWorkers): a file waits on its page much of its time. Its files queue first (Vitest
          // orders projects by name), beside the emulator suite's start; unit+api and web-components follow.
        },
      },
    ],
  },
});
