import { randomUUID } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from './file-store';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../store/private-paths';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Files on local disk under `root` (the embedded backend's <dataDir>/uploads). */
export function localFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const file = path.resolve(base, key);
    // Keys are made by the server, but a key must never reach outside the uploads folder.
    if (!file.startsWith(base + path.sep)) throw new Error(`file key outside the store: ${key}`);
    return file;
  };

  return {
    async put(key, source) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
      // Copy beside, flush, then rename: a reader never sees half a file, and a 2xx means it is on disk.
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await fs.copyFile(source, temp, fsConstants.COPYFILE_EXCL);
        await fs.chmod(temp, PRIVATE_FILE_MODE);
        const handle = await fs.open(temp, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temp, file);
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
