import {
  addParticipant,
  attachReceipt,
  calculateSettlements,
  centsToDollars,
  createExpense,
  createHousehold,
  createGuestClaimLink,
  createInviteLink,
  deleteExpense,
  deleteHousehold,
  endpointUrl,
  expenseETag,
  explainSettlements,
  exportLedger,
  getInviteLink,
  getRate,
  importLedger,
  joinByLink,
  listExpenses,
  listHouseholds,
  listParticipants,
  listSettlements,
  liveStream,
  liveToken,
  makeOwner,
  markSettlementPaid,
  parseDollarsToCents,
  participantPaymentHandles,
  previewImport,
  RECEIPT_FIELD,
  removeParticipant,
  removeReceipt,
  revokeGuestClaimLink,
  revokeInviteLink,
  scanReceipt,
  setHomeCurrency,
  setParticipantWeight,
  setSettleByHousehold,
  splitUserTrips,
  tripInvitations,
  updateExpense,
  updateHousehold,
  type AddParticipantBody,
  type ExpenseBodyInput,
  type HouseholdBody,
  type SplitwiseImportBody,
} from '@wayfare/contract';
import { callEndpoint, downloadEndpoint } from '@/shared/callEndpoint';
import { sendOrQueue } from '@/shared/offline/outbox';

/** The condition of a write made on `version` of an expense (none for an answer kept from before versions). */
const ifMatch = (version: number | undefined) => ({
  'if-match': version === undefined ? undefined : expenseETag(version),
});

/** A receipt photo or PDF as the multipart body the receipt endpoints read. */
const receiptForm = (file: File) => {
  const form = new FormData();
  form.set(RECEIPT_FIELD, file, file.name);
  return form;
};

/** Every /api/trip-split call of spec §7 but the invitee's (`invitations/invitationsApi`); answers are checked against `contract/`'s schemas, screens format cents. */
export const ledgerApi = {
  participants: async (tripId: string, signal?: AbortSignal) =>
    (await callEndpoint(listParticipants, { params: { tripId }, signal })).participants,
  /** Adds them at once (`added`), or invites them where their own setting asks for it (`invited`, 202). */
  addParticipant: (tripId: string, body: AddParticipantBody) =>
    callEndpoint(addParticipant, { params: { tripId }, body }),
  /** "Make owner": hands the trip to another participant; answers the participants as they are then. */
  makeOwner: async (tripId: string, userId: string) =>
    (await callEndpoint(makeOwner, { params: { tripId }, body: { user_id: userId } })).participants,
  /** Someone else (the owner's removal), or oneself: leaving the trip. */
  removeParticipant: (tripId: string, userId: string) =>
    callEndpoint(removeParticipant, { params: { tripId, userId } }),
  /** Anyone's weight (whole shares in a split by weight); answers the participant as it is then. */
  setWeight: (tripId: string, userId: string, weight: number) =>
    callEndpoint(setParticipantWeight, { params: { tripId, userId }, body: { weight } }),
  /** Where a participant can be paid (members only), for paying them a settlement. */
  paymentHandles: async (tripId: string, userId: string, signal?: AbortSignal) =>
    (await callEndpoint(participantPaymentHandles, { params: { tripId, userId }, signal })).payment_handles,
  invitations: async (tripId: string, signal?: AbortSignal) =>
    (await callEndpoint(tripInvitations, { params: { tripId }, signal })).invitations,
  /** A guest's claim link (its token shown once, replacing any earlier one), and turning it off. */
  createGuestClaimLink: async (tripId: string, guestId: string) =>
    (await callEndpoint(createGuestClaimLink, { params: { tripId, guestId } })).link,
  revokeGuestClaimLink: (tripId: string, guestId: string) =>
    callEndpoint(revokeGuestClaimLink, { params: { tripId, guestId } }),

  /** The trip's households and whether it settles by them; one made, replaced whole, deleted; the switch set. */
  households: (tripId: string, signal?: AbortSignal) =>
    callEndpoint(listHouseholds, { params: { tripId }, signal }),
  createHousehold: async (tripId: string, body: HouseholdBody) =>
    (await callEndpoint(createHousehold, { params: { tripId }, body })).household,
  updateHousehold: async (tripId: string, householdId: string, body: HouseholdBody) =>
    (await callEndpoint(updateHousehold, { params: { tripId, householdId }, body })).household,
  deleteHousehold: (tripId: string, householdId: string) =>
    callEndpoint(deleteHousehold, { params: { tripId, householdId } }),
  setSettleByHousehold: (tripId: string, on: boolean) =>
    callEndpoint(setSettleByHousehold, { params: { tripId }, body: { settle_by_household: on } }),

  /** The trip's invite link (never its token), one that replaces it (its token shown once), turning it off. */
  inviteLink: async (tripId: string, signal?: AbortSignal) =>
    (await callEndpoint(getInviteLink, { params: { tripId }, signal })).link,
  createInviteLink: (tripId: string, body: { max_uses: number | null }) =>
    callEndpoint(createInviteLink, { params: { tripId }, body }),
  revokeInviteLink: (tripId: string) => callEndpoint(revokeInviteLink, { params: { tripId } }),
  /** Opening an invite link: the caller joins its trip at once. */
  joinByLink: (token: string) => callEndpoint(joinByLink, { params: { token } }),

  /** The ledger as a CSV or JSON file; a Splitwise export previewed, then imported in one write. */
  exportLedger: (tripId: string, format: 'csv' | 'json') =>
    downloadEndpoint(exportLedger, '*/*', { params: { tripId }, query: { format } }),
  previewImport: (tripId: string, body: SplitwiseImportBody) =>
    callEndpoint(previewImport, { params: { tripId }, body }),
  importLedger: (tripId: string, body: SplitwiseImportBody) =>
    callEndpoint(importLedger, { params: { tripId }, body }),

  /** One page, newest first: `limit` of them (the server's default page without), after `cursor` if given. */
  expenses: (tripId: string, page: { limit?: number; cursor?: string } = {}, signal?: AbortSignal) =>
    callEndpoint(listExpenses, {
      params: { tripId },
      query: { limit: page.limit || undefined, cursor: page.cursor || undefined },
      signal,
    }),
  /** Sent at once, or kept on the device while offline and sent once back online (exactly once: its key). */
  createExpense: (userId: string, tripId: string, body: ExpenseBodyInput) =>
    sendOrQueue({
      userId,
      tripId,
      kind: 'expense',
      path: endpointUrl(createExpense, { params: { tripId } }),
      body,
      summary: {
        title: body.title,
        date: body.expense_date,
        // Shown in dollars while waiting: only an amount in them (a body without a currency) is shown.
        amount_cents: body.currency ? undefined : (parseDollarsToCents(body.amount) ?? undefined),
      },
    }),
  /** Saved only while the expense is still at `version` (412 with the current one otherwise). */
  updateExpense: (id: string, body: ExpenseBodyInput, version?: number) =>
    callEndpoint(updateExpense, { params: { id }, body, headers: ifMatch(version) }),
  deleteExpense: (id: string, version?: number) =>
    callEndpoint(deleteExpense, { params: { id }, headers: ifMatch(version) }),
  /** Attaches the photo or PDF as the expense's receipt (replacing any), or removes it; answers the expense. */
  attachReceipt: (id: string, file: File) =>
    callEndpoint(attachReceipt, { params: { id }, body: receiptForm(file) }),
  /** Reads a receipt photo (Gemini with a key, else on the server's device); stores nothing. */
  scanReceipt: (tripId: string, file: File) =>
    callEndpoint(scanReceipt, { params: { tripId }, body: receiptForm(file) }),
  removeReceipt: (id: string) => callEndpoint(removeReceipt, { params: { id } }),

  settlements: async (tripId: string, signal?: AbortSignal) =>
    (await callEndpoint(listSettlements, { params: { tripId }, signal })).settlements,
  calculateSettlements: (tripId: string) => callEndpoint(calculateSettlements, { params: { tripId } }),
  /** "How we got here": each member's paid, share and balance and the settlements that settle it (reads only). */
  explainSettlements: (tripId: string, signal?: AbortSignal) =>
    callEndpoint(explainSettlements, { params: { tripId }, signal }),
  /**
   * Marks the transfer paid at the amount shown; answers 409 with `settlementReplacedSchema` when a recalculation
   * replaced it or changed its amount meanwhile.
   */
  markPaid: (id: string, amountCents: number) =>
    callEndpoint(markSettlementPaid, { params: { id }, body: { amount: centsToDollars(amountCents) } }),

  /** The reference rate (units of `to` per unit of `from`) of a date, and where it came from. */
  rate: (from: string, to: string, date: string, signal?: AbortSignal) =>
    callEndpoint(getRate, { query: { from, to, date }, signal }),
  /** The currency the trip's ledger is kept in; refused (409) once it has expenses or settlements. */
  setHomeCurrency: (tripId: string, home_currency: string) =>
    callEndpoint(setHomeCurrency, { params: { tripId }, body: { home_currency } }),

  /** One page of the overview's trips (the first with cursor '', carrying the figures over all of them). */
  userTrips: (cursor: string, signal?: AbortSignal) =>
    callEndpoint(splitUserTrips, { query: { cursor }, signal }),
  liveUrl: (tripId: string) => endpointUrl(liveStream, { params: { tripId } }),
  firebaseToken: () => callEndpoint(liveToken),
};
