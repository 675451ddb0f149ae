import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { storageFileStore } from './storage-file-store';

/** CRC32C (Castagnoli), which Cloud Storage reports and the client checks after every transfer. */
function crc32c(data: Buffer): string {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0x82f63b78 : crc >>> 1;
  }
  const out = Buffer.alloc(4);
  out.writeUInt32BE(~crc >>> 0);
  return out.toString('base64');
}

const hashes = (data: Buffer) => ({
  crc32c: crc32c(data),
  md5Hash: createHash('md5').update(data).digest('base64'),
});

/** A local stand-in for the Cloud Storage JSON API: multipart upload, media download, delete. */
async function startStorageStandIn() {
  const objects = new Map<string, { data: Buffer; contentType: string }>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const match = /\/b\/([^/]+)\/o(?:\/(.+))?$/.exec(url.pathname);
    res.setHeader('content-type', 'application/json');
    const notFound = () => {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { code: 404, message: 'No such object' } }));
    };
    if (!match) return notFound();
    const [, bucket, encodedName] = match;
    if (req.method === 'POST' && url.searchParams.get('uploadType') === 'multipart') {
      // multipart/related: a JSON metadata part, then the media part.
      const boundary =
        /boundary=([^;]+)/.exec(req.headers['content-type'] ?? '')?.[1]?.replace(/"/g, '') ?? '';
      const parts = body
        .toString('latin1')
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => {
          const split = part.indexOf('\r\n\r\n');
          return { head: part.slice(0, split), content: Buffer.from(part.slice(split + 4, -2), 'latin1') };
        });
      const metadata = JSON.parse(parts[0]!.content.toString('utf8')) as {
        name?: string;
        contentType?: string;
      };
      const name = metadata.name ?? url.searchParams.get('name') ?? '';
      const contentType = metadata.contentType ?? /content-type: (.+)/i.exec(parts[1]!.head)?.[1] ?? '';
      objects.set(`${bucket}/${name}`, { data: parts[1]!.content, contentType });
      const data = parts[1]!.content;
      return res.end(
        JSON.stringify({
          kind: 'storage#object',
          bucket,
          name,
          contentType,
          size: String(data.length),
          ...hashes(data),
        }),
      );
    }
    const key = `${bucket}/${decodeURIComponent(encodedName ?? '')}`;
    const object = objects.get(key);
    if (!object) return notFound();
    if (req.method === 'GET' && url.searchParams.get('alt') === 'media') {
      const { crc32c: crc, md5Hash } = hashes(object.data);
      res.setHeader('content-type', object.contentType);
      res.setHeader('x-goog-hash', `crc32c=${crc},md5=${md5Hash}`);
      return res.end(object.data);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.statusCode = 204;
      return res.end();
    }
    notFound();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

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
