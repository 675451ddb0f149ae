// npm run emulators: the whole product inside the Firebase emulator suite, on firebase.json's ports.
import { startEmulatorSuite } from '../functions/src/test-support/emulator-suite';

const suite = await startEmulatorSuite({ log: (line) => console.log(`[wayfare] ${line}`) });
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
