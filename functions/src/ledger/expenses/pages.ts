/**
 * GET /trips/{tripId}/expenses: one page of the ledger as the JSON text of its answer. The shared part of a page is
 * built once per ledger version (page-cache.ts); only the caller's own share is added per request.
 */
import {
  encodeExpenseCursor,
  homeCurrencyOf,
  minorToMajor,
  type ExpenseCursor,
  type ExpenseListQuery,
  type ExpensesResponse,
} from '@wayfare/contract';
import type { ImageUrls } from '../../files/image-urls';
import type { BodyEncoding } from '../../http/encoded-bodies';
import { jsonObject, jsonOf, type JsonFields } from '../../http/typed-json';
import { peopleOfExpense, type Store, type TripListFields, type UserRecord } from '../../store/types';
import { peopleOf } from '../people';
import type { TripScope } from '../scope';
import { createExpensePageCache, type SharedPage } from './page-cache';
import { receiptView, toExpense } from './views';

export function createExpensePages({ store, imageUrls }: { store: Store; imageUrls: ImageUrls }) {
  const pages = createExpensePageCache();

  /**
   * The caller-independent part of an expense page, each field serialized on its own (typed-json.ts): the same for
   * every caller unless it carries receipts (`signed`), whose addresses are signed for the viewer at `nowMs`.
   */
  async function buildPage(
    trip: TripListFields,
    limit: number,
    cursor: ExpenseCursor | undefined,
    viewer: { id: string; nowMs: number },
  ): Promise<{ parts: JsonFields<SharedPage>; signed: boolean }> {
    const [members, rows] = await Promise.all([
      store.members.list(trip.id),
      store.ledger.listExpensePage(trip.id, { limit: limit + 1, after: cursor ?? null }),
    ]);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const person = await peopleOf(
      store,
      members,
      page.flatMap((r) => peopleOfExpense(r)),
    );
    const home = homeCurrencyOf(trip);
    return {
      parts: {
        expenses: jsonOf(
          page.map((record) =>
            toExpense(record, person, home, receiptView(imageUrls, record, viewer.id, viewer.nowMs)),
          ),
        ),
        next_cursor: jsonOf(rows.length > limit && last ? encodeExpenseCursor(last) : null),
        expense_count: jsonOf(trip.expense_count),
        total_expenses_cents: jsonOf(trip.total_expenses_minor),
        total_expenses: jsonOf(minorToMajor(trip.total_expenses_minor, home)),
        home_currency: jsonOf(home),
      },
      signed: page.some((record) => record.receipt),
    };
  }

  /**
   * A page from the cache, or built and cached: once for everyone, or, when it carries receipts, per caller and
   * URL expiry hour (the shared entry then only says so).
   */
  async function cachedPage(trip: TripListFields, user: UserRecord, { limit, cursor }: ExpenseListQuery) {
    const page = `${limit}\n${cursor ? encodeExpenseCursor(cursor) : ''}`;
    const nowMs = Date.now();
    const sharedKey = pages.key(trip.id, trip.ledger_version, page);
    const callerKey = `${sharedKey}\n${user.id}\n${imageUrls.expiresAt(nowMs)}`;
    const cached = pages.get(pages.isSignedPerCaller(sharedKey) ? callerKey : sharedKey);
    if (cached) return cached;
    const built = await buildPage(trip, limit, cursor, { id: user.id, nowMs });
    if (!built.signed) return pages.set(sharedKey, built.parts);
    pages.markSignedPerCaller(sharedKey);
    return pages.set(callerKey, built.parts);
  }

  return {
    /** The page (one row more is read to learn whether another page follows) in the given coding (plain when null). */
    async json(
      { trip, user }: TripScope,
      { limit, cursor }: ExpenseListQuery,
      encoding: BodyEncoding | null = null,
    ): Promise<{ body: Buffer; etag: string }> {
      const [cached, yourShare] = await Promise.all([
        cachedPage(trip, user, { limit, cursor }),
        store.ledger.shareTotal(trip.id, user.id),
      ]);
      const etag = `W/"${cached.etag}-${yourShare}"`;
      const json = () =>
        jsonObject<ExpensesResponse>({ ...cached.parts, your_share_cents: jsonOf(yourShare) });
      return { body: pages.encode(etag, encoding, json), etag };
    },
  };
}
