// Preloaded into a server (`node --import ./bench/fsync-counter.mjs …`, before the app binds fs.fsync): counts the
// fsync and fdatasync calls made through node's fs, and writes the count to FSYNC_COUNT_FILE on SIGUSR2.
import fs from 'node:fs';

let count = 0;
for (const name of ['fsync', 'fdatasync', 'fsyncSync', 'fdatasyncSync']) {
  const real = fs[name];
  fs[name] = (...args) => {
    count += 1;
    return real(...args);
  };
}
process.on('SIGUSR2', () => fs.writeFileSync(process.env.FSYNC_COUNT_FILE, String(count)));
