import { receiptFile, receiptThumbnail, tripImage } from '@wayfare/contract';
import { HttpError } from '../http/errors';
import { endpointRouter, mountedEndpoints, route, type EndpointHandler } from '../http/endpoints';
import type { Store } from '../store/types';
import { THUMBNAIL_TYPE } from './receipts';
import { contentTypeOf, type TripImages } from './trip-images';

const IMAGE_NOT_FOUND = 'Image not found';
const RECEIPT_NOT_FOUND = 'Receipt not found';
/**
 * A served receipt may be a PDF the browser shows in its own viewer: no script, style or frame of ours, only the
 * viewer itself (object-src), and no page may frame it but ours.
 */
const RECEIPT_CSP = "default-src 'none'; object-src 'self'; frame-ancestors 'self'";

/**
 * GET /api/files/trips/{id}/image: the trip image behind a signed URL (from the trip's image_url), no bearer
 * token, since <img> cannot send one. Only members ever receive such a URL, and it works only while they are one.
 */
export function fileRoutes({ store }: { store: Store }, images: TripImages) {
  const router = endpointRouter('/files');
  route(
    router,
    tripImage,
    async ({ params: { tripId }, query: { u: viewerId, expires, sig } }, _req, res) => {
      const [trip, role] = await Promise.all([
        store.trips.get(tripId),
        store.members.roleOf(tripId, viewerId),
      ]);
      const remaining =
        trip?.image_path &&
        images.urls.remainingSeconds({ tripId, imagePath: trip.image_path, viewerId }, expires, sig);
      // A link stops working the moment its member leaves the trip (or the trip goes), however long it had left.
      if (!trip?.image_path || !role || remaining === null) throw new HttpError(404, IMAGE_NOT_FOUND);
      if (!remaining)
        throw new HttpError(403, 'This image link has expired. Reload the page to see the image.');
      const data = await images.files.get(trip.image_path);
      if (!data) throw new HttpError(404, IMAGE_NOT_FOUND);
      res.set({
        'Content-Type': contentTypeOf(trip.image_path),
        'Cache-Control': `private, max-age=${remaining}`,
      });
      res.send(data);
    },
  );

  /**
   * GET /api/files/trips/{id}/expenses/{expenseId}/receipt[/thumbnail]: an expense's receipt (or its image's
   * thumbnail) behind a signed URL from the expense's `receipt`, on the same terms as the trip image.
   */
  const sendReceipt =
    (thumbnail: boolean): EndpointHandler<typeof receiptFile | typeof receiptThumbnail> =>
    async ({ params: { tripId, expenseId }, query: { u: viewerId, expires, sig } }, _req, res) => {
      const [expense, role] = await Promise.all([
        store.ledger.getExpense(expenseId),
        store.members.roleOf(tripId, viewerId),
      ]);
      const receipt = expense?.trip_id === tripId ? expense.receipt : null;
      const key = thumbnail ? receipt?.thumbnail_path : receipt?.path;
      const remaining = key
        ? images.urls.remainingSeconds({ tripId, imagePath: key, viewerId }, expires, sig)
        : null;
      if (!receipt || !key || !role || remaining === null) throw new HttpError(404, RECEIPT_NOT_FOUND);
      if (!remaining)
        throw new HttpError(403, 'This receipt link has expired. Reload the page to see the receipt.');
      const data = await images.files.get(key);
      if (!data) throw new HttpError(404, RECEIPT_NOT_FOUND);
      res.set({
        'Content-Type': thumbnail ? THUMBNAIL_TYPE : receipt.content_type,
        'Cache-Control': `private, max-age=${remaining}`,
        'Content-Disposition': `inline; filename="${key.slice(key.lastIndexOf('/') + 1)}"`,
        'Content-Security-Policy': RECEIPT_CSP,
      });
      res.send(data);
    };
  route(router, receiptFile, sendReceipt(false));
  route(router, receiptThumbnail, sendReceipt(true));
  return mountedEndpoints(router);
}
