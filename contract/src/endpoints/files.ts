import { receiptFileParamsSchema } from '../receipts';
import { signedImageQuerySchema } from '../trip-views';
import { tripIdParamsSchema } from '../trips';
import { endpoint, RAW } from './endpoint';

/** Files behind the signed URLs the answers carry (no session: `<img>` cannot send one). */
export const tripImage = endpoint({
  method: 'GET',
  path: '/files/trips/:tripId/image',
  params: tripIdParamsSchema,
  query: signedImageQuerySchema,
  answer: RAW,
  status: 200,
});
export const receiptFile = endpoint({
  method: 'GET',
  path: '/files/trips/:tripId/expenses/:expenseId/receipt',
  params: receiptFileParamsSchema,
  query: signedImageQuerySchema,
  answer: RAW,
  status: 200,
});
export const receiptThumbnail = endpoint({
  method: 'GET',
  path: '/files/trips/:tripId/expenses/:expenseId/receipt/thumbnail',
  params: receiptFileParamsSchema,
  query: signedImageQuerySchema,
  answer: RAW,
  status: 200,
});
