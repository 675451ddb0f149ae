// The root's postinstall. better-sqlite3 installs with prebuild-install: its prebuilt binary for this Node.js and
// platform from GitHub, kept in npm's cache (<cache>/_prebuilds), else compiled from source (about 75 s of CPU).
// Where GitHub cannot be reached, nothing is ever kept, so every `npm ci` compiles it again. This keeps the binary
// this install compiled in that cache, under the name prebuild-install looks for, so the next install (another
// clone, a clean `npm ci`) unpacks it; prebuild-install loads an unpacked binary before it accepts it, and compiles
// when that fails. Nothing to do when the binary is already there (downloaded, or kept before) or not installed.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

/** better-sqlite3's folder and the prebuild-install and tar-fs it installs with, or null when it is not installed. */
function installed() {
  try {
    const packageDir = path.dirname(
      require.resolve('better-sqlite3/package.json', { paths: [path.join(ROOT, 'functions'), ROOT] }),
    );
    const prebuildDir = path.dirname(
      require.resolve('prebuild-install/package.json', { paths: [packageDir] }),
    );
    return {
      packageDir,
      rc: require(path.join(prebuildDir, 'rc.js')),
      util: require(path.join(prebuildDir, 'util.js')),
      tar: require(require.resolve('tar-fs', { paths: [prebuildDir] })),
    };
  } catch {
    return null; // an optional dependency, not installed here
  }
}

function main() {
  const found = installed();
  if (!found) return;
  const { packageDir, rc, util, tar } = found;
  const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const binary = path.join('build', 'Release', 'better_sqlite3.node');
  if (!fs.existsSync(path.join(packageDir, binary))) return;
  const cached = util.cachedPrebuild(util.getDownloadUrl({ ...rc(pkg), pkg }));
  if (fs.existsSync(cached)) return;
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  const partial = `${cached}.${process.pid}.tmp`;
  tar
    .pack(packageDir, { entries: [binary] })
    .pipe(zlib.createGzip())
    .pipe(fs.createWriteStream(partial))
    .on('finish', () => {
      fs.renameSync(partial, cached);
      console.log(`kept better-sqlite3's compiled binary for the next install: ${cached}`);
    })
    .on('error', (err) => {
      fs.rmSync(partial, { force: true });
      skipped(err);
    });
}

/** Keeping the binary only spares the next install a compile: a failure here never fails this one. */
const skipped = (err) => console.log(`better-sqlite3's binary not kept for the next install: ${err.message}`);

try {
  main();
} catch (err) {
  skipped(err);
}
