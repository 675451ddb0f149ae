import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';

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

/** A local stand-in for the Cloud Storage JSON API: multipart upload, media download, delete, list by prefix. */
export async function startStorageStandIn(port = 0) {
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
    if (req.method === 'GET' && encodedName === undefined) {
      const prefix = `${bucket}/${url.searchParams.get('prefix') ?? ''}`;
      const items = [...objects]
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, object]) => ({
          kind: 'storage#object',
          bucket,
          name: key.slice(bucket!.length + 1),
          contentType: object.contentType,
          size: String(object.data.length),
        }));
      return res.end(JSON.stringify({ kind: 'storage#objects', items }));
    }
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
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
