import { z } from 'zod';

/** POST /api/trip-split/live-token (firebase mode): a Firebase custom token for the ledger-notice listener. */
export const liveTokenResponseSchema = z.object({ firebaseToken: z.string().min(1) });

/** What the live stream says happened; the client refetches the ledger on any of them. */
export const LEDGER_CHANGES = [
  'participant.invited',
  'participant.declined',
  'participant.added',
  'participant.removed',
  'participant.owner',
  'participant.weight',
  'households.changed',
  'expense.created',
  'expense.updated',
  'expense.deleted',
  'settlements.calculated',
  'settlement.paid',
  'trip.home_currency',
  'trip.budget',
  'trip.settle_by_household',
] as const;
export type LedgerChangeKind = (typeof LEDGER_CHANGES)[number];

/** The data of one `change` event on GET /trips/{tripId}/live. */
export interface LedgerChange {
  kind: LedgerChangeKind;
  trip_id: string;
  /** The expense, settlement or user the change is about (for an invitation, the invitee). */
  subject_id: string;
  at: string;
}
