import fs from 'node:fs/promises';
import type { Logger } from 'pino';
import {
  NO_TOTAL_FOUND,
  READ_ON_DEVICE,
  scanReceipt,
  type ReceiptScanResponse,
  type ScannedReceipt,
} from '@wayfare/contract';
import type { TokenService } from '../http/tokens';
import type { AppConfig } from '../config';
import { sniffReceipt, UNREADABLE_PHOTO } from '../files/receipts';
import type { TripImages } from '../files/trip-images';
import { currentUser, requireAuth } from '../http/authenticate';
import { HttpError } from '../http/errors';
import { endpointRouter, mountedEndpoints, route } from '../http/endpoints';
import type { Store } from '../store/types';
import { requireTripMember } from '../trips/access';
import { readOnDevice } from './device-ocr';
import { geminiReceiptReader } from './gemini-receipts';

export const SCAN_A_PHOTO = 'Scan a photo of the receipt (JPEG, PNG or WebP)';

type Reader = (image: Buffer, mimeType: string) => Promise<ScannedReceipt>;

/**
 * POST /trip-split/trips/:tripId/receipt-scan, for the trip's members: the photo (multipart field `receipt`) read by
 * Gemini when GEMINI_API_KEY is set, else (or when Gemini fails) on this device. Nothing is stored: the forms fill
 * their fields from the answer, and the photo is attached as the receipt once the expense is saved.
 */
export function receiptScanRoutes(
  deps: { store: Store; tokens: TokenService; logger: Logger; gemini?: AppConfig['gemini'] },
  images: Pick<TripImages, 'receiveReceipt'>,
) {
  const { gemini, logger } = deps;
  const cloud: Reader | null = gemini?.apiKey
    ? geminiReceiptReader({ ...gemini, apiKey: gemini.apiKey })
    : null;

  async function scan(image: Buffer, mimeType: string): Promise<ReceiptScanResponse> {
    const answer = (receipt: ScannedReceipt, source: ReceiptScanResponse['source']) => ({
      receipt,
      source,
      notices: [
        ...(source === 'device' ? [READ_ON_DEVICE] : []),
        ...(receipt.total === null ? [NO_TOTAL_FOUND] : []),
      ],
    });
    if (cloud) {
      try {
        return answer(await cloud(image, mimeType), 'gemini');
      } catch (err) {
        logger.warn({ err }, 'Gemini could not read the receipt; reading it on this device');
      }
    }
    try {
      return answer(await readOnDevice(image), 'device');
    } catch (err) {
      logger.warn({ err }, 'the receipt photo could not be read on this device');
      throw new HttpError(422, UNREADABLE_PHOTO);
    }
  }

  const router = endpointRouter(scanReceipt.path);
  router.use(requireAuth(deps.tokens, deps.store));
  route(router, scanReceipt, [images.receiveReceipt], async ({ params }, _req, res) => {
    await requireTripMember(deps.store, params.tripId, currentUser(res).id);
    const upload = res.locals.upload;
    if (!upload) throw new HttpError(400, SCAN_A_PHOTO);
    const type = await sniffReceipt(upload.path);
    if (!type || type === 'application/pdf') throw new HttpError(415, SCAN_A_PHOTO);
    return scan(await fs.readFile(upload.path), type);
  });
  return mountedEndpoints(router);
}
