import { randomBytes } from 'node:crypto';
import path from 'node:path';
import os from 'node:os';
import type { RequestHandler } from 'express';
import { fileTypeFromFile } from 'file-type';
import { RECEIPT_FIELD, RECEIPT_MAX_BYTES, TRIP_IMAGE_TYPES } from '@wayfare/contract';
import type { AppConfig } from '../config';
import type { FileStore } from './file-store';
import { createImageUrls, type ImageUrls } from './image-urls';
import { localFileStore } from './local-file-store';
import { receiveUpload, uploadSlots } from './receive-upload';

export interface TripImages {
  files: FileStore;
  urls: ImageUrls;
  /** The multipart receiver for image uploads, with its caps on uploads in flight. */
  receive: RequestHandler;
  /** The receiver for expense receipts (field `receipt`, a larger limit), drawing on the same caps. */
  receiveReceipt: RequestHandler;
}

/**
 * The file store of trip images and expense receipts (embedded default: <dataDir>/uploads) and the URL signer. Signatures use JWT_SECRET
 * when set, so every Cloud Functions instance accepts the others' URLs; the embedded server, a single process
 * without one, signs with a key of its own (a restart only means pages fetch fresh URLs).
 */
export function createTripImages(config: AppConfig, files?: FileStore): TripImages {
  const limits = { incomingDir: incomingUploadsDir(config), ...config.uploads, slots: uploadSlots() };
  return {
    files: files ?? localFileStore(path.join(config.dataDir, 'uploads')),
    urls: createImageUrls(config.jwtSecret ?? randomBytes(32).toString('hex')),
    receive: receiveUpload(limits),
    receiveReceipt: receiveUpload({ ...limits, field: RECEIPT_FIELD, maxBytes: RECEIPT_MAX_BYTES }),
  };
}

const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/**
 * Where uploads are received before they are checked and stored: beside the embedded uploads (the same disk, so
 * storing is a rename-sized copy), or the system's temp folder for the Cloud Function.
 */
export const incomingUploadsDir = (config: AppConfig) =>
  config.backend === 'firebase'
    ? path.join(os.tmpdir(), 'wayfare-incoming')
    : path.join(config.dataDir, 'uploads', INCOMING_FOLDER);
export const INCOMING_FOLDER = '.incoming';

/** The image's real type from its bytes (never its name or the browser's claim); null when it is not one we take. */
export async function sniffTripImage(file: string): Promise<{ ext: string; mime: string } | null> {
  const type = await fileTypeFromFile(file);
  return type && (TRIP_IMAGE_TYPES as readonly string[]).includes(type.mime) && EXTENSION_TYPES[type.ext]
    ? { ext: type.ext, mime: type.mime }
    : null;
}

/** The content type to serve a stored image with, from the extension the upload was given when sniffed. */
export const contentTypeOf = (key: string) =>
  EXTENSION_TYPES[path.extname(key).slice(1)] ?? 'application/octet-stream';
