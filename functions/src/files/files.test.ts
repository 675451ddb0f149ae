import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createImageUrls } from './image-urls';
import { localFileStore } from './local-file-store';

describe('signed image URLs', () => {
  const urls = createImageUrls('a secret long enough for the tests');
  const parse = (url: string) => {
    const query = new URL(url, 'http://x').searchParams;
    return { expires: Number(query.get('expires')), sig: query.get('sig') ?? '' };
  };
  const now = Date.parse('2027-03-05T10:20:00Z');

  const ref = { tripId: 'trip-1', imagePath: 'trips/trip-1/a.png', viewerId: 'user-1' };

  it('stay the same within the hour and valid for one to two hours', () => {
    const url = urls.urlFor(ref, now);
    expect(urls.urlFor(ref, now + 30 * 60 * 1000)).toBe(url);
    const { expires, sig } = parse(url);
    expect(urls.remainingSeconds(ref, expires, sig, now)).toBe(100 * 60);
    expect(urls.remainingSeconds(ref, expires, sig, now + 3 * 3600 * 1000)).toBe(0);
  });

  it('bind the trip, the image, the member and the expiry', () => {
    const { expires, sig } = parse(urls.urlFor(ref, now));
    expect(urls.remainingSeconds({ ...ref, tripId: 'trip-2' }, expires, sig, now)).toBeNull();
    expect(urls.remainingSeconds({ ...ref, imagePath: 'trips/trip-1/b.png' }, expires, sig, now)).toBeNull();
    expect(urls.remainingSeconds({ ...ref, viewerId: 'user-2' }, expires, sig, now)).toBeNull();
    expect(urls.remainingSeconds(ref, expires + 3600, sig, now)).toBeNull();
    const other = createImageUrls('another secret entirely');
    expect(other.remainingSeconds(ref, expires, sig, now)).toBeNull();
  });
});

describe('localFileStore', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-files-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const files = localFileStore(root);

  const source = path.join(root, 'source.png');
  fs.writeFileSync(source, 'png bytes');

  it('copies files in, reads and deletes them, under its folder and readable by this user only', async () => {
    await files.put('trips/t1/a.png', source, 'image/png');
    expect(fs.readFileSync(path.join(root, 'trips/t1/a.png'), 'utf8')).toBe('png bytes');
    expect(fs.statSync(path.join(root, 'trips/t1/a.png')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(root, 'trips/t1')).mode & 0o777).toBe(0o700);
    await expect(files.get('trips/t1/a.png')).resolves.toEqual(Buffer.from('png bytes'));
    await files.delete('trips/t1/a.png');
    await expect(files.get('trips/t1/a.png')).resolves.toBeNull();
    await expect(files.delete('trips/t1/a.png')).resolves.toBeUndefined();
    expect(fs.readdirSync(path.join(root, 'trips/t1'))).toEqual([]);
  });

  it('refuses a key that leaves its folder', async () => {
    await expect(files.get('../outside.png')).rejects.toThrow(/outside the store/);
    await expect(files.put('/etc/x.png', source, 'image/png')).rejects.toThrow(/outside the store/);
  });
});
