import { randomFillSync } from 'node:crypto';

const bytes = Buffer.alloc(16);

/**
 * A UUID of version 7 (RFC 9562): the time in milliseconds, then random bits. Rows keyed by it are inserted at the
 * end of their indexes instead of at random places in them, so a write dirties (and the log and the checkpoint copy)
 * a few pages at the index's edge rather than one page per index per row.
 */
export function timeOrderedId(now = Date.now()): string {
  randomFillSync(bytes, 6);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | ((bytes[6] as number) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
