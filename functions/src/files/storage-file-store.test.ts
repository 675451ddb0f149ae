import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { startStorageStandIn } from '../../test-support/storage-stand-in';
import { storageFileStore } from './storage-file-store';

describe('storageFileStore against a Cloud Storage stand-in', () => {
  let standIn: Awaited<ReturnType<typeof startStorageStandIn>>;
  let app: App;
  beforeAll(async () => {
    standIn = await startStorageStandIn();
    process.env.METADATA_SERVER_DETECTION ??= 'none';
    process.env.STORAGE_EMULATOR_HOST = `http://${standIn.host}`;
    app = initializeApp(
      { projectId: 'demo-wayfare', storageBucket: 'demo-wayfare.appspot.com' },
      `files-${randomUUID()}`,
    );
  });
  afterAll(async () => {
    delete process.env.STORAGE_EMULATOR_HOST;
    await deleteApp(app);
    await standIn.close();
  });

  it('stores, reads back and deletes a trip image in the default bucket', async () => {
    const files = storageFileStore(getStorage(app).bucket());
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10]);
    const source = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-storage-')), 'cover.png');
    fs.writeFileSync(source, data);
    await files.put('trips/t1/cover.png', source, 'image/png');
    expect(standIn.objects.get('demo-wayfare.appspot.com/trips/t1/cover.png')).toEqual({
      data,
      contentType: 'image/png',
    });
    await expect(files.get('trips/t1/cover.png')).resolves.toEqual(data);
    await files.delete('trips/t1/cover.png');
    await expect(files.get('trips/t1/cover.png')).resolves.toBeNull();
    await expect(files.delete('trips/t1/cover.png')).resolves.toBeUndefined();
  });
});
