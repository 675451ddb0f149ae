import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { SharpConstructor } from 'sharp';
import { RECEIPT_IMAGE_TYPES, RECEIPT_TYPES, UNSUPPORTED_RECEIPT, type ReceiptType } from '@wayfare/contract';
import { HttpError } from '../http/errors';
import type { ReceiptRecord } from '../store/types';
import type { FileStore } from './file-store';

/** Where an expense's receipt files live: one folder per expense under one per trip (the orphan sweep walks it). */
export const RECEIPTS_FOLDER = 'receipts';
export const receiptFolder = (tripId: string, expenseId: string) =>
  `${RECEIPTS_FOLDER}/${tripId}/${expenseId}`;

const EXTENSION: Record<ReceiptType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};
export const THUMBNAIL_TYPE = 'image/webp';
/** The thumbnail's longest side, in pixels: twice the list's 48 CSS pixels and then some, for sharp screens. */
const THUMBNAIL_SIZE = 240;
/**
 * Images larger than this many pixels are refused before they are decoded (a decompression bomb cannot exhaust
 * memory); 50-megapixel phone photos fit.
 */
const MAX_INPUT_PIXELS = 64_000_000;
export const UNREADABLE_PHOTO = 'This photo could not be read. Try another photo, or a PDF of the receipt.';

const isReceiptType = (mime: string): mime is ReceiptType =>
  (RECEIPT_TYPES as readonly string[]).includes(mime);
const isImage = (type: ReceiptType) => (RECEIPT_IMAGE_TYPES as readonly string[]).includes(type);

/** The receipt's real type from its bytes (never its name or the browser's claim); null when it is not one we take. */
export async function sniffReceipt(file: string): Promise<ReceiptType | null> {
  const type = await fileTypeFromFile(file);
  return type && isReceiptType(type.mime) ? type.mime : null;
}

/**
 * sharp, loaded on the first receipt (not at a cold start), keeping no decoded images in memory between uploads
 * and one libvips thread per image, so thumbnails never crowd out the API's requests.
 */
let loadedSharp: Promise<SharpConstructor> | undefined;
const loadSharp = () =>
  (loadedSharp ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));

/** A small WebP of the image, turned upright by its EXIF orientation; 400 when the bytes do not decode. */
async function makeThumbnail(file: string, into: string): Promise<void> {
  const sharp = await loadSharp();
  try {
    await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toFile(into);
  } catch {
    throw new HttpError(400, UNREADABLE_PHOTO);
  }
}

/**
 * Checks the received file's type from its bytes and stores it (with a thumbnail when it is an image) under fresh
 * keys in the expense's folder, so a new receipt always has new addresses. 415 for any other type.
 */
export async function storeReceipt(
  files: FileStore,
  { tripId, expenseId }: { tripId: string; expenseId: string },
  upload: { path: string; size: number },
): Promise<ReceiptRecord> {
  const contentType = await sniffReceipt(upload.path);
  if (!contentType) throw new HttpError(415, UNSUPPORTED_RECEIPT);
  const base = `${receiptFolder(tripId, expenseId)}/${randomUUID()}`;
  const receipt: ReceiptRecord = {
    path: `${base}.${EXTENSION[contentType]}`,
    thumbnail_path: isImage(contentType) ? `${base}.thumb.webp` : null,
    content_type: contentType,
    size: upload.size,
  };
  const thumbnailFile = `${upload.path}.thumb.webp`;
  try {
    if (receipt.thumbnail_path) {
      await makeThumbnail(upload.path, thumbnailFile);
      await files.put(receipt.thumbnail_path, thumbnailFile, THUMBNAIL_TYPE);
    }
    await files.put(receipt.path, upload.path, contentType);
  } catch (err) {
    await deleteReceiptFiles(files, receipt);
    throw err;
  } finally {
    await fs.rm(thumbnailFile, { force: true });
  }
  return receipt;
}

/** Removes the receipt's file and thumbnail; missing ones are not an error. */
export async function deleteReceiptFiles(files: FileStore, receipt: ReceiptRecord): Promise<void> {
  await Promise.all([
    files.delete(receipt.path),
    receipt.thumbnail_path ? files.delete(receipt.thumbnail_path) : undefined,
  ]);
}
