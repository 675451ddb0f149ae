import type { Storage } from 'firebase-admin/storage';
import type { FileStore } from './file-store';

type Bucket = ReturnType<Storage['bucket']>;

/** Files in a Cloud Storage bucket (firebase mode: the project's default Firebase Storage bucket). */
export function storageFileStore(bucket: Bucket): FileStore {
  return {
    async put(key, source, contentType) {
      await bucket.upload(source, { destination: key, contentType, resumable: false });
    },
    async get(key) {
      try {
        const [data] = await bucket.file(key).download();
        return data;
      } catch (err) {
        if ((err as { code?: number }).code === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      await bucket.file(key).delete({ ignoreNotFound: true });
    },
  };
}
