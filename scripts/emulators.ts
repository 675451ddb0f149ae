// npm run emulators: the whole product inside the Firebase emulator suite, on firebase.json's ports.
import { startEmulatorSuite } from '../functions/test-support/emulator-suite';

const suite = await startEmulatorSuite({ log: (line) => console.log(`[wayfare] ${line}`) }).catch(
  (err: unknown) => {
    // A busy port, a suite that did not come up: said in one line, without a stack.
    console.error(`[wayfare] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
console.log(
  `[wayfare] ready: ${suite.hostingUrl} (web app and /api in the Functions emulator; ` +
    `Auth on :${suite.ports.auth}, Firestore on :${suite.ports.firestore})`,
);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void suite.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
