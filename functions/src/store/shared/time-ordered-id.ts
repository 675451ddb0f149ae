import { randomFillSync } from 'node:crypto';

const bytes = Buffer.alloc(16);
// Random bytes drawn 4 KiB at a time (ten an id), not one call to the generator per id.
const pool = Buffer.alloc(4096);
let pooled = pool.length;
let lastMs = 0;
let sequence = 0;

/**
 * A UUID of version 7 (RFC 9562): the time in milliseconds, then random bits. Rows keyed by it are inserted at the
 * end of their indexes instead of at random places in them, so a write dirties (and the log and the checkpoint copy)
 * a few pages at the index's edge rather than one page per index per row.
 *
 * Ids made in the same millisecond count up in the 12 bits after the version (RFC 9562 §6.2, method 1), so one
 * process's ids sort in the order they were made: a trip's history, newest first, keeps two changes of one
 * millisecond in order.
 */
export function timeOrderedId(now = Date.now()): string {
  if (pooled + 10 > pool.length) {
    randomFillSync(pool);
    pooled = 0;
  }
  pool.copy(bytes, 6, pooled, (pooled += 10));
  if (now === lastMs && sequence < 0xfff) {
    sequence += 1;
  } else {
    // A new millisecond starts its count low, leaving room to count up within it.
    sequence = (bytes[6] as number) & 0x07;
  }
  lastMs = now;
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
