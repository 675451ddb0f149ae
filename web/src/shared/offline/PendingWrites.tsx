import { Suspense } from 'react';
import { lazyNamed } from '../lazyNamed';
import type { QueuedWrite } from './outbox';

// Usually there is nothing waiting: the list and the money formatting it needs (the currency table) are fetched
// only when there is (the service worker keeps the chunk for offline use).
const PendingWritesList = lazyNamed(() => import('./PendingWritesList'), 'PendingWritesList');

/**
 * Writes made offline and still on the device: each marked pending (sent once back online) or, when the server
 * refused it, with its reason and a button to discard it.
 */
export function PendingWrites({ writes, label }: { writes: QueuedWrite[]; label: string }) {
  if (writes.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PendingWritesList writes={writes} label={label} />
    </Suspense>
  );
}
