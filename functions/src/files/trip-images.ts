import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { TRIP_IMAGE_TYPES } from '@wayfare/contract';
import type { AppConfig } from '../config';
import type { FileStore } from './file-store';
import { createImageUrls, type ImageUrls } from './image-urls';
import { localFileStore } from './local-file-store';

export interface TripImages {
  files: FileStore;
  urls: ImageUrls;
}

/**
 * The trip-image file store (embedded default: <dataDir>/uploads) and the URL signer. Signatures use JWT_SECRET
 * when set, so every Cloud Functions instance accepts the others' URLs; the embedded server, a single process
 * without one, signs with a key of its own (a restart only means pages fetch fresh URLs).
 */
export function createTripImages(config: AppConfig, files?: FileStore): TripImages {
  return {
    files: files ?? localFileStore(path.join(config.dataDir, 'uploads')),
    urls: createImageUrls(config.jwtSecret ?? randomBytes(32).toString('hex')),
  };
}

const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** The image's real type from its bytes (never its name or the browser's claim); null when it is not one we take. */
export async function sniffTripImage(data: Buffer): Promise<{ ext: string; mime: string } | null> {
  const type = await fileTypeFromBuffer(data);
  return type && (TRIP_IMAGE_TYPES as readonly string[]).includes(type.mime) && EXTENSION_TYPES[type.ext]
    ? { ext: type.ext, mime: type.mime }
    : null;
}

/** The content type to serve a stored image with, from the extension the upload was given when sniffed. */
export const contentTypeOf = (key: string) =>
  EXTENSION_TYPES[path.extname(key).slice(1)] ?? 'application/octet-stream';
