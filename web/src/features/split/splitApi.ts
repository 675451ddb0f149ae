import {
  calculateSettlementsResponseSchema,
  expenseResponseSchema,
  expensesResponseSchema,
  participantResponseSchema,
  participantsResponseSchema,
  settlementResponseSchema,
  settlementsResponseSchema,
  splitTripsResponseSchema,
  parseDollarsToCents,
  type AddParticipantBody,
  type ExpenseBodyInput,
} from '@wayfare/contract';
import { apiFetch, apiFetchChecked } from '../../shared/api';
import { sendOrQueue } from '../../shared/offline/outbox';

const base = '/api/trip-split';
const trip = (tripId: string) => `${base}/trips/${encodeURIComponent(tripId)}`;

/** Every /api/trip-split call of spec §7; answers are checked against `contract/`'s schemas, screens format cents. */
export const splitApi = {
  participants: async (tripId: string, signal?: AbortSignal) =>
    (await apiFetchChecked(participantsResponseSchema, `${trip(tripId)}/participants`, { signal }))
      .participants,
  addParticipant: (tripId: string, body: AddParticipantBody) =>
    apiFetchChecked(participantResponseSchema, `${trip(tripId)}/participants`, { method: 'POST', body }),
  removeParticipant: (tripId: string, userId: string) =>
    apiFetch<void>(`${trip(tripId)}/participants/${encodeURIComponent(userId)}`, { method: 'DELETE' }),

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
        amount_cents: parseDollarsToCents(body.amount) ?? undefined,
      },
    }),
  updateExpense: (id: string, body: ExpenseBodyInput) =>
    apiFetchChecked(expenseResponseSchema, `${base}/expenses/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body,
    }),
  deleteExpense: (id: string) =>
    apiFetch<void>(`${base}/expenses/${encodeURIComponent(id)}`, { method: 'DELETE' }),

  settlements: async (tripId: string, signal?: AbortSignal) =>
    (await apiFetchChecked(settlementsResponseSchema, `${trip(tripId)}/settlements`, { signal })).settlements,
  calculateSettlements: (tripId: string) =>
    apiFetchChecked(calculateSettlementsResponseSchema, `${trip(tripId)}/settlements/calculate`, {
      method: 'POST',
    }),
  markPaid: (id: string) =>
    apiFetchChecked(settlementResponseSchema, `${base}/settlements/${encodeURIComponent(id)}/paid`, {
      method: 'PUT',
    }),

  userTrips: async (signal?: AbortSignal) =>
    (await apiFetchChecked(splitTripsResponseSchema, `${base}/user/trips`, { signal })).trips,
  liveUrl: (tripId: string) => `${trip(tripId)}/live`,
  firebaseToken: () => apiFetch<{ firebaseToken: string }>(`${base}/live-token`, { method: 'POST' }),
};
