import fs from 'node:fs/promises';
import path from 'node:path';
import type { Store } from '../store/types';
import { receiptFolder, RECEIPTS_FOLDER } from './receipts';
import { INCOMING_FOLDER } from './trip-images';

/**
 * Start-up clean-up of the embedded uploads folder: removes what a crash or a race left behind, namely partly
 * received uploads, half-copied files, images no trip points to any more (replaced, or of deleted trips), and
 * receipt files no expense points to any more (replaced, or of deleted expenses and trips).
 * Answers how many files it removed.
 */
export async function sweepOrphanUploads(uploadsRoot: string, store: Store): Promise<number> {
  let removed = 0;
  const remove = async (file: string) => {
    await fs.rm(file, { recursive: true, force: true });
    removed += 1;
  };
  for (const leftover of await entries(path.join(uploadsRoot, INCOMING_FOLDER))) {
    await remove(path.join(uploadsRoot, INCOMING_FOLDER, leftover));
  }
  const tripsDir = path.join(uploadsRoot, 'trips');
  for (const tripId of await entries(tripsDir)) {
    const current = (await store.trips.listFields(tripId))?.image_path;
    for (const name of await entries(path.join(tripsDir, tripId))) {
      if (`trips/${tripId}/${name}` !== current) await remove(path.join(tripsDir, tripId, name));
    }
    if (!current) await fs.rm(path.join(tripsDir, tripId), { recursive: true, force: true });
  }
  const receiptsDir = path.join(uploadsRoot, RECEIPTS_FOLDER);
  for (const tripId of await entries(receiptsDir)) {
    for (const expenseId of await entries(path.join(receiptsDir, tripId))) {
      const expense = await store.ledger.getExpense(expenseId);
      const receipt = expense?.trip_id === tripId ? expense.receipt : null;
      const kept = new Set([receipt?.path, receipt?.thumbnail_path]);
      const folder = receiptFolder(tripId, expenseId);
      for (const name of await entries(path.join(uploadsRoot, folder))) {
        if (!kept.has(`${folder}/${name}`)) await remove(path.join(uploadsRoot, folder, name));
      }
      if (!receipt) await fs.rm(path.join(uploadsRoot, folder), { recursive: true, force: true });
    }
    if ((await entries(path.join(receiptsDir, tripId))).length === 0) {
      await fs.rm(path.join(receiptsDir, tripId), { recursive: true, force: true });
    }
  }
  return removed;
}

/** The names in a folder; none when it does not exist. */
async function entries(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}
