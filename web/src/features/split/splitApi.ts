import type {
  AddParticipantBody,
  CalculateSettlementsResponse,
  Expense,
  ExpenseBodyInput,
  ExpensesResponse,
  Participant,
  ParticipantsResponse,
  Settlement,
  SettlementsResponse,
  SplitTripsResponse,
} from '@wayfare/contract';
import { apiFetch } from '../../shared/api';

const base = '/api/trip-split';
const trip = (tripId: string) => `${base}/trips/${encodeURIComponent(tripId)}`;

/** Every /api/trip-split call of spec §7; answers carry cents, the screens format them. */
export const splitApi = {
  participants: async (tripId: string, signal?: AbortSignal) =>
    (await apiFetch<ParticipantsResponse>(`${trip(tripId)}/participants`, { signal })).participants,
  addParticipant: (tripId: string, body: AddParticipantBody) =>
    apiFetch<{ participant: Participant }>(`${trip(tripId)}/participants`, { method: 'POST', body }),
  removeParticipant: (tripId: string, userId: string) =>
    apiFetch<void>(`${trip(tripId)}/participants/${encodeURIComponent(userId)}`, { method: 'DELETE' }),

  /** One page, newest first: `limit` of them (the server's default page without), after `cursor` if given. */
  expenses: (tripId: string, page: { limit?: number; cursor?: string } = {}, signal?: AbortSignal) => {
    const query = new URLSearchParams();
    if (page.limit) query.set('limit', String(page.limit));
    if (page.cursor) query.set('cursor', page.cursor);
    const search = query.toString();
    return apiFetch<ExpensesResponse>(`${trip(tripId)}/expenses${search && `?${search}`}`, { signal });
  },
  createExpense: (tripId: string, body: ExpenseBodyInput) =>
    apiFetch<{ expense: Expense }>(`${trip(tripId)}/expenses`, { method: 'POST', body }),
  updateExpense: (id: string, body: ExpenseBodyInput) =>
    apiFetch<{ expense: Expense }>(`${base}/expenses/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  deleteExpense: (id: string) =>
    apiFetch<void>(`${base}/expenses/${encodeURIComponent(id)}`, { method: 'DELETE' }),

  settlements: async (tripId: string, signal?: AbortSignal) =>
    (await apiFetch<SettlementsResponse>(`${trip(tripId)}/settlements`, { signal })).settlements,
  calculateSettlements: (tripId: string) =>
    apiFetch<CalculateSettlementsResponse>(`${trip(tripId)}/settlements/calculate`, { method: 'POST' }),
  markPaid: (id: string) =>
    apiFetch<{ settlement: Settlement }>(`${base}/settlements/${encodeURIComponent(id)}/paid`, {
      method: 'PUT',
    }),

  userTrips: async (signal?: AbortSignal) =>
    (await apiFetch<SplitTripsResponse>(`${base}/user/trips`, { signal })).trips,
  liveUrl: (tripId: string) => `${trip(tripId)}/live`,
  firebaseToken: () => apiFetch<{ firebaseToken: string }>(`${base}/live-token`, { method: 'POST' }),
};
