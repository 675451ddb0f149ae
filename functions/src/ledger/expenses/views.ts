/** An expense as the API answers it, its receipt's addresses signed for the member who asks. */
import {
  expenseSplitOf,
  minorToMajor,
  payersLabel,
  type Expense,
  type LedgerPerson,
  type Receipt,
} from '@wayfare/contract';
import type { ImageUrls } from '../../files/image-urls';
import type { ExpenseRecord } from '../../store/types';
import { currencyFieldsOf } from '../currency';
import { fullName } from '../people';

/** The expense's receipt with addresses signed for one member (image-urls.ts), or null without one. */
export function receiptView(
  urls: ImageUrls,
  record: Pick<ExpenseRecord, 'id' | 'trip_id' | 'receipt'>,
  viewerId: string,
  nowMs = Date.now(),
): Receipt | null {
  const { receipt } = record;
  if (!receipt) return null;
  const signed = (imagePath: string, thumbnail: boolean) =>
    urls.receiptUrlFor({ tripId: record.trip_id, imagePath, viewerId }, record.id, thumbnail, nowMs);
  return {
    url: signed(receipt.path, false),
    thumbnail_url: receipt.thumbnail_path ? signed(receipt.thumbnail_path, true) : null,
    content_type: receipt.content_type,
    size: receipt.size,
  };
}

/** An expense answer; its amounts are in `home`, the trip's currency, beside what was paid (currencyFieldsOf). */
export function toExpense(
  record: ExpenseRecord,
  person: (id: string) => LedgerPerson,
  home: string,
  receipt: Receipt | null,
): Expense {
  return {
    id: record.id,
    trip_id: record.trip_id,
    title: record.title,
    description: record.description,
    amount_cents: record.amount_minor,
    amount: minorToMajor(record.amount_minor, home),
    ...currencyFieldsOf(record, home),
    expense_date: record.expense_date,
    category: record.category,
    expense_type: record.expense_type,
    paid_by: record.paid_by,
    paid_by_name: payersLabel(record.payers.map((p) => fullName(person(p.user_id)))),
    payers: record.payers.map(({ user_id, paid_minor }) => {
      const { first_name, last_name } = person(user_id);
      return {
        user_id,
        first_name,
        last_name,
        amount_cents: paid_minor,
        amount: minorToMajor(paid_minor, home),
      };
    }),
    participants: record.shares.map(({ user_id, share_minor }) => {
      const { first_name, last_name } = person(user_id);
      return {
        user_id,
        first_name,
        last_name,
        share_cents: share_minor,
        share_amount: minorToMajor(share_minor, home),
      };
    }),
    split: expenseSplitOf(record.split, home),
    created_by: record.created_by,
    created_at: record.created_at,
    updated_at: record.updated_at,
    version: record.version,
    receipt,
  };
}
