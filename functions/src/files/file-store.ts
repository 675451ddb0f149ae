/**
 * The file port: where trip images live. Keys are server-made relative paths such as `trips/{id}/{uuid}.jpg`.
 * Embedded: files under <dataDir>/uploads; firebase: the default Storage bucket.
 */
export interface FileStore {
  /** Copies the local file `source` into the store under `key` (the caller removes `source`). */
  put(key: string, source: string, contentType: string): Promise<void>;
  /** The file's bytes; null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}
