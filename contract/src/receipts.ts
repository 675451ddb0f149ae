/**
 * Receipts on expenses: a photo or a PDF attached to an expense, uploaded as multipart field `receipt`
 * to PUT /api/trip-split/expenses/{id}/receipt and removed with DELETE on the same address. Its type is read from
 * its bytes on the server, never from its name; answers carry short-lived signed addresses bound to the member who
 * asked, as trip images do.
 */
import { z } from 'zod';
import { recordId } from './ids';

/** The types a receipt may be, judged from the file's bytes. Images get a thumbnail; a PDF shows a document icon. */
export const RECEIPT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const RECEIPT_TYPES = [...RECEIPT_IMAGE_TYPES, 'application/pdf'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
/** The multipart field the file travels in. */
export const RECEIPT_FIELD = 'receipt';
/** What the file input offers (a phone offers its camera for image/*). */
export const RECEIPT_ACCEPT = 'image/*,application/pdf';

export const UNSUPPORTED_RECEIPT = 'Attach a photo (JPEG, PNG or WebP) or a PDF';
export const NO_RECEIPT_FILE = 'Choose a photo or PDF of the receipt to attach';

/** A receipt as answers carry it: addresses signed for the caller, working while they are a member. */
export const receiptSchema = z.object({
  url: z.string(),
  /** A small WebP of an image receipt; null for a PDF. */
  thumbnail_url: z.string().nullable(),
  content_type: z.enum(RECEIPT_TYPES),
  size: z.number().int().nonnegative(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const isImageReceipt = (receipt: Pick<Receipt, 'content_type'>) =>
  (RECEIPT_IMAGE_TYPES as readonly string[]).includes(receipt.content_type);

/** GET /api/files/trips/{tripId}/expenses/{expenseId}/receipt[/thumbnail]: the path of a signed receipt address. */
export const receiptFileParamsSchema = z.object({
  tripId: recordId('Trip id'),
  expenseId: recordId('Expense id', 200),
});
