import fs from 'node:fs';

/**
 * The embedded backend's data (database, secret, uploads) is for this server's user only: folders 0700, files
 * 0600. Applied on creation and again to what an older version left more open.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and parents) if missing, then makes it private. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Makes each existing file private; missing ones are skipped. */
export function makeFilesPrivate(...files: string[]): void {
  for (const file of files) {
    try {
      fs.chmodSync(file, PRIVATE_FILE_MODE);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}
