// npm run emulators: the whole product inside the Firebase emulator suite on http://127.0.0.1:5000.
import { HOSTING_URL, startEmulatorSuite } from '../functions/src/test-support/emulator-suite';

const suite = await startEmulatorSuite({ log: (line) => console.log(`[wayfare] ${line}`) });
console.log(`[wayfare] ready: ${HOSTING_URL} (web app and /api in the Functions emulator; Auth on :9099)`);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void suite.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
