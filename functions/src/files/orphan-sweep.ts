import fs from 'node:fs/promises';
import path from 'node:path';
import type { Store } from '../store/types';
import { INCOMING_FOLDER } from './trip-images';

/**
 * Start-up clean-up of the embedded uploads folder: removes what a crash or a race left behind, namely partly
 * received uploads, half-copied files, and images no trip points to any more (replaced, or of deleted trips).
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
    const current = (await store.trips.get(tripId))?.image_path;
    for (const name of await entries(path.join(tripsDir, tripId))) {
      if (`trips/${tripId}/${name}` !== current) await remove(path.join(tripsDir, tripId, name));
    }
    if (!current) await fs.rm(path.join(tripsDir, tripId), { recursive: true, force: true });
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
