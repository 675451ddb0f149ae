import type { ActivityResponse } from '../activity';
import { activityEntryParamsSchema, activityListQuerySchema } from '../activity';
import { budgetBodySchema } from '../budget';
import type { BudgetResponse } from '../budget-response';
import { tripInvitationsResponseSchema } from '../invitations';
import {
  createdInviteLinkResponseSchema,
  createInviteLinkBodySchema,
  inviteLinkResponseSchema,
  inviteLinkTokenParamsSchema,
  joinByLinkResponseSchema,
} from '../invite-links';
import {
  importPreviewSchema,
  importResultSchema,
  ledgerExportQuerySchema,
  splitwiseImportBodySchema,
} from '../ledger-io';
import {
  addParticipantResponseSchema,
  makeOwnerBodySchema,
  participantResponseSchema,
  participantsResponseSchema,
  participantWeightBodySchema,
} from '../participants';
import {
  homeCurrencyBodySchema,
  homeCurrencyResponseSchema,
  rateAnswerSchema,
  ratesQuerySchema,
} from '../rates';
import { participantPaymentHandlesResponseSchema } from '../payments/handles';
import { receiptScanResponseSchema } from '../receipt-scan';
import {
  addParticipantBodySchema,
  calculateSettlementsResponseSchema,
  entityIdParamsSchema,
  expenseBodySchema,
  expenseListQuerySchema,
  expenseResponseSchema,
  expenseWriteHeadersSchema,
  expensesResponseSchema,
  liveTokenResponseSchema,
  markPaidBodySchema,
  participantParamsSchema,
  settlementExplanationResponseSchema,
  settlementResponseSchema,
  settlementsResponseSchema,
} from '../ledger';
import { splitTripPageSchema } from '../ledger-trip-lists';
import { tripListQuerySchema } from '../trip-lists';
import { tripIdParamsSchema } from '../trips';
import { endpoint, RAW, typedAnswer } from './endpoint';

// The ledger's endpoints under /api/trip-split (spec §7), but joining and leaving (membership.ts); and the rates
// the expense forms prefill. They load with the ledger's schemas (web/vite.config.ts).

/** One page of the overview's trips (the first carries the figures over all of them). */
export const splitUserTrips = endpoint({
  method: 'GET',
  path: '/trip-split/user/trips',
  query: tripListQuerySchema,
  answer: splitTripPageSchema,
  status: 200,
});

export const listParticipants = endpoint({
  method: 'GET',
  path: '/trip-split/trips/:tripId/participants',
  params: tripIdParamsSchema,
  answer: participantsResponseSchema,
  status: 200,
  guestSession: true,
});
/** Adds them at once (201), or invites them where their own setting asks for it (202). */
export const addParticipant = endpoint({
  method: 'POST',
  path: '/trip-split/trips/:tripId/participants',
  params: tripIdParamsSchema,
  body: addParticipantBodySchema,
  answer: addParticipantResponseSchema,
  status: 201,
});
/** "Make owner": hands the trip to another participant. */
export const makeOwner = endpoint({
  method: 'PUT',
  path: '/trip-split/trips/:tripId/owner',
  params: tripIdParamsSchema,
  body: makeOwnerBodySchema,
  answer: participantsResponseSchema,
  status: 200,
});
/** A participant's weight, their whole shares in a by_shares split. */
export const setParticipantWeight = endpoint({
  method: 'PUT',
  path: '/trip-split/trips/:tripId/participants/:userId/weight',
  params: participantParamsSchema,
  body: participantWeightBodySchema,
  answer: participantResponseSchema,
  status: 200,
});
/** A participant's payment handles, for paying them a settlement: members of the trip only (strangers 404). */
export const participantPaymentHandles = endpoint({
  method: 'GET',
  path: '/trip-split/trips/:tripId/participants/:userId/payment-handles',
  params: participantParamsSchema,
  answer: participantPaymentHandlesResponseSchema,
  status: 200,
});
export const tripInvitations = endpoint({
  method: 'GET',
  path: '/trip-split/trips/:tripId/invitations',
  params: tripIdParamsSchema,
  answer: tripInvitationsResponseSchema,
  status: 200,
});
export const getInviteLink = endpoint({
  method: 'GET',
  path: '/trip-split/trips/:tripId/invite-link',
  params: tripIdParamsSchema,
  answer: inviteLinkResponseSchema,
  status: 200,
});
export const createInviteLink = endpoint({
  method: 'POST',
  path: '/trip-split/trips/:tripId/invite-link',
  params: tripIdParamsSchema,
  body: createInviteLinkBodySchema,
  answer: createdInviteLinkResponseSchema,
  status: 201,
});
export const revokeInviteLink = endpoint({
  method: 'DELETE',
  path: '/trip-split/trips/:tripId/invite-link',
  params: tripIdParamsSchema,
  status: 204,
});
/** The joiner is not a member yet: the token, not a trip id, addresses the link. */
export const joinByLink = endpoint({
  method: 'POST',
  path: '/trip-split/invite-links/:token/join',
  params: inviteLinkTokenParamsSchema,
  answer: joinByLinkResponseSchema,
  status: 200,
});

/** One page of the trip's expenses, newest first. */
export const listExpenses = endpoint({
  method: 'GET',
  path: '/trip-split/trips/:tripId/expenses',
  params: tripIdParamsSchema,
  query: expenseListQuerySchema,
  answer: expensesResponseSchema,
  status: 200,
  guestSession: true,
});
/** Every shape of expense body is read by the route itself (one without a currency is in the home currency). */
export const createExpense = endpoint({
  method: 'POST',
  path: '/trip-split/trips/:tripId/expenses',
  params: tripIdParamsSchema,
  body: expenseBodySchema,
  bodyParsedByHandler: true,
  answer: expenseResponseSchema,
  status: 201,
  guestSession: true,
});
/** One expense as the trip's list shows it, for a member: to read it again before or after an edit. */
export const getExpense = endpoint({
  method: 'GET',
  path: '/trip-split/expenses/:id',
  params: entityIdParamsSchema,
  answer: expenseResponseSchema,
  status: 200,
  guestSession: true,
});
/** With `If-Match`, saved only while the expense is at a version it names (412 otherwise: expense-versions.ts). */
export const updateExpense = endpoint({
  method: 'PUT',
  path: '/trip-split/expenses/:id',
  params: entityIdParamsSchema,
  headers: expenseWriteHeadersSchema,
  body: expenseBodySchema,
  bodyParsedByHandler: true,
  answer: expenseResponseSchema,
  status: 200,
  guestSession: true,
});
/** With `If-Match`, deleted only while the expense is at a version it names (412 otherwise). */
export const deleteExpense = endpoint({
  method: 'DELETE',
  path: '/trip-split/expenses/:id',
  params: entityIdParamsSchema,
  headers: expenseWriteHeadersSchema,
  status: 204,
  guestSession: true,
});
/** The expense's receipt: a photo or PDF as multipart field `receipt` (replacing any), or removed. */
export const attachReceipt = endpoint({
  method: 'PUT',
  path: '/trip-split/expenses/:id/receipt',
  params: entityIdParamsSchema,
  multipart: true,
  answer: expenseResponseSchema,
  status: 200,
  guestSession: true,
});
export const removeReceipt = endpoint({
  method: 'DELETE',
  path: '/trip-split/expenses/:id/receipt',
  params: entityIdParamsSchema,
  answer: expenseResponseSchema,
  status: 200,
  guestSession: true,
});
/** A receipt photo read (Gemini with a key, else on the server's device); stores nothing. */
export const scanReceipt = endpoint({
  method: 'POST',
  path: '/trip-split/trips/:tripId/receipt-scan',
  params: tripIdParamsSchema,
  multipart: true,
  answer: receiptScanResponseSchema,
  status: 200,
});

/** The ledger as a CSV or JSON file; a Splitwise export previewed, then imported in one write. */
export const exportLedger = endpoint({
  method: 'GET',
  path: '/trip-split/trips/:tripId/export',
  params: tripIdParamsSchema,
  query: ledgerExportQuerySchema,
  answer: RAW,
  status: 200,
});
export const previewImport = endpoint({
  method: 'POST',
  path: '/trip-split/trips/:tripId/import/preview',
  params: tripIdParamsSchema,
  body: splitwiseImportBodySchema,
  answer: importPreviewSchema,
  status: 200,
});
export const importLedger = endpoint({
  method: 'POST',
  path: '/trip-split/trips/:tripId/import',
  params: tripIdParamsSchema,
  body: splitwiseImportBodySchema,
  answer: importResultSchema,
  status: 201,
});

/** The currency every amount of the ledger is in: chosen while the ledger is empty. */
export const setHomeCurrency = endpoint({
  method: 'PUT',
  path: '/trip-split/trips/:tripId/home-currency',
  params: tripIdParamsSchema,
  body: homeCurrencyBodySchema,
  answer: homeCurrencyResponseSchema,
  status: 200,
});
export const listSettlements = endpoint({
  method: 'GET',
  path: '/trip-split/trips/:tripId/settlements',
  params: tripIdParamsSchema,
  answer: settlementsResponseSchema,
  status: 200,
  guestSession: true,
});
/** "How we got here": each member's paid, share and balance and the settlements that settle it. */
export const explainSettlements = endpoint({
  method: 'GET',
  path: '/trip-split/trips/:tripId/settlements/explanation',
  params: tripIdParamsSchema,
  answer: settlementExplanationResponseSchema,
  status: 200,
  guestSession: true,
});
export const calculateSettlements = endpoint({
  method: 'POST',
  path: '/trip-split/trips/:tripId/settlements/calculate',
  params: tripIdParamsSchema,
  answer: calculateSettlementsResponseSchema,
  status: 200,
});
/** Marks the transfer paid at the amount shown (409 when a recalculation replaced it meanwhile). */
export const markSettlementPaid = endpoint({
  method: 'PUT',
  path: '/trip-split/settlements/:id/paid',
  params: entityIdParamsSchema,
  body: markPaidBodySchema,
  answer: settlementResponseSchema,
  status: 200,
});

/** The trip budget with its spending, setting it, the activity history and a restore from it. */
export const getBudget = endpoint({
  method: 'GET',
  path: '/trip-split/trips/:tripId/budget',
  params: tripIdParamsSchema,
  answer: typedAnswer<BudgetResponse>(),
  status: 200,
  guestSession: true,
});
export const setBudget = endpoint({
  method: 'PUT',
  path: '/trip-split/trips/:tripId/budget',
  params: tripIdParamsSchema,
  body: budgetBodySchema,
  answer: typedAnswer<BudgetResponse>(),
  status: 200,
});
export const listActivity = endpoint({
  method: 'GET',
  path: '/trip-split/trips/:tripId/activity',
  params: tripIdParamsSchema,
  query: activityListQuerySchema,
  answer: typedAnswer<ActivityResponse>(),
  status: 200,
  guestSession: true,
});
export const restoreExpense = endpoint({
  method: 'POST',
  path: '/trip-split/trips/:tripId/activity/:entryId/restore',
  params: activityEntryParamsSchema,
  answer: typedAnswer<{ expense_id: string }>(),
  status: 201,
});

/** The reference rate (units of `to` per unit of `from`) of a date, which the expense forms prefill. */
export const getRate = endpoint({
  method: 'GET',
  path: '/rates',
  query: ratesQuerySchema,
  answer: rateAnswerSchema,
  status: 200,
  guestSession: true,
});

/** Firebase mode: the custom token the browser signs in to Firestore with. */
export const liveToken = endpoint({
  method: 'POST',
  path: '/trip-split/live-token',
  answer: liveTokenResponseSchema,
  status: 200,
  guestSession: true,
});
/** Embedded mode: the trip's change notices as Server-Sent Events. */
export const liveStream = endpoint({
  method: 'GET',
  path: '/trip-split/trips/:tripId/live',
  params: tripIdParamsSchema,
  answer: RAW,
  status: 200,
  guestSession: true,
});
