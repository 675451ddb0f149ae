import type { DocumentData, DocumentSnapshot } from 'firebase-admin/firestore';
import type { ExpensePayer } from '@wayfare/contract';
import type { ExpenseRecord, SettlementRecord } from '../types';

/**
 * Older documents name their minor units `*_cents`; documents written since, `*_minor`. Nothing is
 * migrated: readers ask for both names. A counter (a trip's base total, a person's base figures, a ledger shard's
 * total) adds both, since a shard incremented across the change holds both parts of its sum; a record's own amount
 * (an expense, a settlement, whose writes replace it) takes the new name when both are there.
 */
const LEGACY = {
  total_expenses_minor: 'total_expenses_cents',
  share_minor: 'share_cents',
  paid_minor: 'paid_cents',
  amount_minor: 'amount_cents',
} as const;
type Renamed = keyof typeof LEGACY;

/** The fields and, for each renamed one, its old name: for field masks and selects. */
export const withLegacyNames = (...fields: string[]): string[] =>
  fields.flatMap((field) => (field in LEGACY ? [field, LEGACY[field as Renamed]] : [field]));

const numberOr0 = (value: unknown) => (typeof value === 'number' ? value : 0);

/** A counter of a document under either name (their sum). */
export const counterAt = (doc: DocumentSnapshot, field: Renamed): number =>
  numberOr0(doc.get(field)) + numberOr0(doc.get(LEGACY[field]));

/** `data` without the renamed fields' old names (a record read from a document). */
export function withoutLegacyNames<T extends DocumentData>(data: T): T {
  const fields = { ...data };
  for (const old of Object.values(LEGACY)) delete fields[old];
  return fields;
}

type LegacyParts = Array<{ user_id: string; [figure: string]: unknown }>;
const part = (entry: LegacyParts[number], field: 'share_minor' | 'paid_minor') =>
  numberOr0(entry[field] ?? entry[LEGACY[field]]);

/** An expense document's fields under today's names (its amount, its shares' and payers' parts). */
export function expenseFields(data: DocumentData): DocumentData {
  const shares = data.shares as LegacyParts | undefined;
  const payers = data.payers as LegacyParts | null | undefined;
  return {
    ...withoutLegacyNames(data),
    amount_minor: numberOr0(data.amount_minor ?? data.amount_cents),
    shares: (shares ?? []).map((share): ExpenseRecord['shares'][number] => ({
      user_id: share.user_id,
      share_minor: part(share, 'share_minor'),
    })),
    ...(payers && {
      payers: payers.map((payer): ExpensePayer => ({
        user_id: payer.user_id,
        paid_minor: part(payer, 'paid_minor'),
      })),
    }),
  };
}

/** A settlement document as a record, under today's names. */
export const settlementOf = (data: DocumentData): SettlementRecord => ({
  ...(withoutLegacyNames(data) as SettlementRecord),
  amount_minor: numberOr0(data.amount_minor ?? data.amount_cents),
});
