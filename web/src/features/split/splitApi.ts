import {
  centsToDollars,
  calculateSettlementsResponseSchema,
  createdInviteLinkResponseSchema,
  importPreviewSchema,
  importResultSchema,
  RECEIPT_FIELD,
  expenseResponseSchema,
  expensesResponseSchema,
  inviteLinkResponseSchema,
  joinByLinkResponseSchema,
  liveTokenResponseSchema,
  addParticipantResponseSchema,
  participantsResponseSchema,
  settlementExplanationResponseSchema,
  settlementResponseSchema,
  settlementsResponseSchema,
  splitTripPageSchema,
  tripInvitationsResponseSchema,
  homeCurrencyResponseSchema,
  rateAnswerSchema,
  receiptScanResponseSchema,
  parseDollarsToCents,
  type AddParticipantBody,
  type SplitwiseImportBody,
  type ExpenseBodyInput,
  type MarkPaidBodyInput,
} from '@wayfare/contract';
import { apiDownload, apiFetch, apiFetchChecked } from '../../shared/api';
import { sendOrQueue } from '../../shared/offline/outbox';

const base = '/api/trip-split';
const trip = (tripId: string) => `${base}/trips/${encodeURIComponent(tripId)}`;

/** Every /api/trip-split call of spec §7 but the invitee's (`invitations/invitationsApi`); answers are checked against `contract/`'s schemas, screens format cents. */
export const splitApi = {
  participants: async (tripId: string, signal?: AbortSignal) =>
    (await apiFetchChecked(participantsResponseSchema, `${trip(tripId)}/participants`, { signal }))
      .participants,
  /** Adds them at once (`added`), or invites them where their own setting asks for it (`invited`, 202). */
  addParticipant: (tripId: string, body: AddParticipantBody) =>
    apiFetchChecked(addParticipantResponseSchema, `${trip(tripId)}/participants`, { method: 'POST', body }),
  /** "Make owner": hands the trip to another participant; answers the participants as they are then. */
  makeOwner: async (tripId: string, userId: string) =>
    (
      await apiFetchChecked(participantsResponseSchema, `${trip(tripId)}/owner`, {
        method: 'PUT',
        body: { user_id: userId },
      })
    ).participants,
  /** Someone else (the owner's removal), or oneself: leaving the trip. */
  removeParticipant: (tripId: string, userId: string) =>
    apiFetch<void>(`${trip(tripId)}/participants/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  invitations: async (tripId: string, signal?: AbortSignal) =>
    (await apiFetchChecked(tripInvitationsResponseSchema, `${trip(tripId)}/invitations`, { signal }))
      .invitations,

  /** The trip's invite link (never its token), one that replaces it (its token shown once), turning it off. */
  inviteLink: async (tripId: string, signal?: AbortSignal) =>
    (await apiFetchChecked(inviteLinkResponseSchema, `${trip(tripId)}/invite-link`, { signal })).link,
  createInviteLink: (tripId: string, body: { max_uses: number | null }) =>
    apiFetchChecked(createdInviteLinkResponseSchema, `${trip(tripId)}/invite-link`, { method: 'POST', body }),
  revokeInviteLink: (tripId: string) => apiFetch<void>(`${trip(tripId)}/invite-link`, { method: 'DELETE' }),
  /** Opening an invite link: the caller joins its trip at once. */
  joinByLink: (token: string) =>
    apiFetchChecked(joinByLinkResponseSchema, `${base}/invite-links/${encodeURIComponent(token)}/join`, {
      method: 'POST',
    }),

  /** The ledger as a CSV or JSON file; a Splitwise export previewed, then imported in one write. */
  exportLedger: (tripId: string, format: 'csv' | 'json') =>
    apiDownload(`${trip(tripId)}/export?format=${format}`),
  previewImport: (tripId: string, body: SplitwiseImportBody) =>
    apiFetchChecked(importPreviewSchema, `${trip(tripId)}/import/preview`, { method: 'POST', body }),
  importLedger: (tripId: string, body: SplitwiseImportBody) =>
    apiFetchChecked(importResultSchema, `${trip(tripId)}/import`, { method: 'POST', body }),

  /** One page, newest first: `limit` of them (the server's default page without), after `cursor` if given. */
  expenses: (tripId: string, page: { limit?: number; cursor?: string } = {}, signal?: AbortSignal) => {
    const query = new URLSearchParams();
    if (page.limit) query.set('limit', String(page.limit));
    if (page.cursor) query.set('cursor', page.cursor);
    const search = query.toString();
    return apiFetchChecked(expensesResponseSchema, `${trip(tripId)}/expenses${search && `?${search}`}`, {
      signal,
    });
  },
  /** Sent at once, or kept on the device while offline and sent once back online (exactly once: its key). */
  createExpense: (userId: string, tripId: string, body: ExpenseBodyInput) =>
    sendOrQueue({
      userId,
      tripId,
      kind: 'expense',
      path: `${trip(tripId)}/expenses`,
      body,
      summary: {
        title: body.title,
        date: body.expense_date,
        // Shown in dollars while waiting: only an amount in them (a body without a currency) is shown.
        amount_cents: body.currency ? undefined : (parseDollarsToCents(body.amount) ?? undefined),
      },
    }),
  updateExpense: (id: string, body: ExpenseBodyInput) =>
    apiFetchChecked(expenseResponseSchema, `${base}/expenses/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body,
    }),
  deleteExpense: (id: string) =>
    apiFetch<void>(`${base}/expenses/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** Attaches the photo or PDF as the expense's receipt (replacing any), or removes it; answers the expense. */
  attachReceipt: (id: string, file: File) => {
    const form = new FormData();
    form.set(RECEIPT_FIELD, file, file.name);
    return apiFetchChecked(expenseResponseSchema, `${base}/expenses/${encodeURIComponent(id)}/receipt`, {
      method: 'PUT',
      body: form,
    });
  },
  /** Reads a receipt photo (Gemini with a key, else on the server's device); stores nothing. */
  scanReceipt: (tripId: string, file: File) => {
    const form = new FormData();
    form.set(RECEIPT_FIELD, file, file.name);
    return apiFetchChecked(receiptScanResponseSchema, `${trip(tripId)}/receipt-scan`, {
      method: 'POST',
      body: form,
    });
  },
  removeReceipt: (id: string) =>
    apiFetchChecked(expenseResponseSchema, `${base}/expenses/${encodeURIComponent(id)}/receipt`, {
      method: 'DELETE',
    }),

  settlements: async (tripId: string, signal?: AbortSignal) =>
    (await apiFetchChecked(settlementsResponseSchema, `${trip(tripId)}/settlements`, { signal })).settlements,
  calculateSettlements: (tripId: string) =>
    apiFetchChecked(calculateSettlementsResponseSchema, `${trip(tripId)}/settlements/calculate`, {
      method: 'POST',
    }),
  /** "How we got here": each member's paid, share and balance and the settlements that settle it (reads only). */
  explainSettlements: (tripId: string, signal?: AbortSignal) =>
    apiFetchChecked(settlementExplanationResponseSchema, `${trip(tripId)}/settlements/explanation`, {
      signal,
    }),
  /**
   * Marks the transfer paid at the amount shown; answers 409 with `settlementReplacedSchema` when a recalculation
   * replaced it or changed its amount meanwhile.
   */
  markPaid: (id: string, amountCents: number) =>
    apiFetchChecked(settlementResponseSchema, `${base}/settlements/${encodeURIComponent(id)}/paid`, {
      method: 'PUT',
      body: { amount: centsToDollars(amountCents) } satisfies MarkPaidBodyInput,
    }),

  /** The reference rate (units of `to` per unit of `from`) of a date, and where it came from. */
  rate: (from: string, to: string, date: string, signal?: AbortSignal) =>
    apiFetchChecked(rateAnswerSchema, `/api/rates?${new URLSearchParams({ from, to, date }).toString()}`, {
      signal,
    }),
  /** The currency the trip's ledger is kept in; refused (409) once it has expenses or settlements. */
  setHomeCurrency: (tripId: string, home_currency: string) =>
    apiFetchChecked(homeCurrencyResponseSchema, `${trip(tripId)}/home-currency`, {
      method: 'PUT',
      body: { home_currency },
    }),

  /** One page of the overview's trips (the first with cursor '', carrying the figures over all of them). */
  userTrips: (cursor: string, signal?: AbortSignal) =>
    apiFetchChecked(splitTripPageSchema, `${base}/user/trips?${new URLSearchParams({ cursor }).toString()}`, {
      signal,
    }),
  liveUrl: (tripId: string) => `${trip(tripId)}/live`,
  firebaseToken: () => apiFetchChecked(liveTokenResponseSchema, `${base}/live-token`, { method: 'POST' }),
};
