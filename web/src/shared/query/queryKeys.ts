/**
 * Every server resource the web app reads, by query key: the one place keys are made, so a write or a live notice
 * invalidates exactly what it changed. Keys nest: `ledger(tripId)` is the prefix of that trip's participants,
 * invitations, expenses, settlements and explanation, so invalidating it reaches all five and nothing else.
 */
export const queryKeys = {
  /** GET /api/trips */
  trips: () => ['trips'] as const,
  /** GET /api/trips/{id}: the trip with its guide and daily plans. */
  trip: (tripId: string) => ['trip', tripId] as const,
  /** GET /api/trips/{id}/weather, for the coordinates and end date it was asked for. */
  weather: (
    tripId: string,
    place: { latitude: number | null; longitude: number | null; end_date: string | null },
  ) => ['trip', tripId, 'weather', place.latitude, place.longitude, place.end_date] as const,
  /** GET /api/trips/{id}/calendar-feed and /share-link */
  tripLink: (tripId: string, kind: string) => ['trip', tripId, 'link', kind] as const,
  /** GET /api/shared/{tripId}/{token} and its weather: a share link's read-only trip. */
  sharedTrip: (tripId: string, token: string) => ['shared', tripId, token] as const,
  sharedWeather: (tripId: string, token: string) => ['shared', tripId, token, 'weather'] as const,

  /** Everything /api/trip-split reads of one trip's ledger: what a live change notice invalidates. */
  ledger: (tripId: string) => ['ledger', tripId] as const,
  participants: (tripId: string) => ['ledger', tripId, 'participants'] as const,
  /** A participant's payment handles, read when the caller opens "Pay {name}". */
  paymentHandles: (tripId: string, userId: string) => ['ledger', tripId, 'payment-handles', userId] as const,
  tripInvitations: (tripId: string) => ['ledger', tripId, 'invitations'] as const,
  /** An infinite query: keyset pages of expenses, newest first. */
  expenses: (tripId: string) => ['ledger', tripId, 'expenses'] as const,
  settlements: (tripId: string) => ['ledger', tripId, 'settlements'] as const,
  explanation: (tripId: string) => ['ledger', tripId, 'explanation'] as const,
  /** The trip's households and whether it settles by them. */
  households: (tripId: string) => ['ledger', tripId, 'households'] as const,
  /** The trip budget with its spending at a glance, and (an infinite query) its activity history. */
  budget: (tripId: string) => ['ledger', tripId, 'budget'] as const,
  activity: (tripId: string) => ['ledger', tripId, 'activity'] as const,
  /** The trip's invite link (not part of the ledger: notices do not touch it). */
  inviteLink: (tripId: string) => ['invite-link', tripId] as const,

  /** GET /api/trip-split/user/trips: the overview's trips with their figures. */
  splitTrips: () => ['split-trips'] as const,
  /** GET /api/places/photo (or a share link's …/photo) at this path: a city's photo, the same all visit. */
  cityPhoto: (path: string) => ['city-photo', path] as const,
  /** GET /api/places/cities for this typed text: the question flow's destination suggestions. */
  citySuggestions: (text: string) => ['city-suggestions', text] as const,
  /** GET /api/rates: the reference rate (units of `to` per unit of `from`) of a date. */
  rate: (from: string, to: string, date: string) => ['rate', from, to, date] as const,
  /** GET /api/trip-split/guest-claims/{token}: what a guest's claim link offers, signed in or not. */
  guestClaim: (token: string) => ['guest-claim', token] as const,
  /** GET /api/trip-split/invite-links/{token}/guests: the trip an invite link opens and its guests to continue as. */
  guestSessionOffer: (token: string) => ['guest-session-offer', token] as const,
  /** GET /api/trip-split/invitations: the caller's own pending invitations. */
  myInvitations: () => ['my-invitations'] as const,
  /** GET /api/auth/me: the signed-in user's account, with the setting "Who can add me to a trip". */
  me: () => ['me'] as const,
};
