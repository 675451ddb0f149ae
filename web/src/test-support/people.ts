import type {
  AddPolicy,
  Balance,
  LedgerPerson,
  MeResponse,
  Participant,
  Settlement,
} from '@wayfare/contract';

/** A trip member as the API lists one; `id` names the person (first name and user id). */
export function participant(name: string, extra: Partial<Participant> = {}): Participant {
  const userId = `u-${name.toLowerCase()}`;
  return {
    id: `t1:${userId}`,
    user_id: userId,
    first_name: name,
    last_name: 'Doe',
    email: `${name.toLowerCase()}@example.com`,
    user_email: `${name.toLowerCase()}@example.com`,
    display_name: `${name} Doe`,
    username: name.toLowerCase(),
    joined_at: '2027-01-01T00:00:00.000Z',
    is_owner: false,
    is_guest: false,
    weight: 1,
    ...extra,
  };
}

/** A guest as the API lists one: in the trip by name alone, without an email or a username. */
export const guest = (name: string): Participant => ({
  ...participant(name.replaceAll(' ', '-')),
  first_name: name,
  last_name: '',
  email: '',
  user_email: '',
  display_name: name,
  username: '',
  is_guest: true,
});

/** A member as the ledger names one (in settlements and balances). */
function person(name: string): LedgerPerson {
  const { user_id, first_name, last_name, email, is_guest } = participant(name);
  return { user_id, first_name, last_name, email, is_guest, left: false };
}

/** A member's balance: owed `cents` when positive (all of it paid, none owed), owing them when negative. */
export function balance(name: string, cents: number): Balance {
  const paid = Math.max(cents, 0);
  const owed = Math.max(-cents, 0);
  return {
    ...person(name),
    balance_cents: cents,
    total_paid_cents: paid,
    total_owed_cents: owed,
    balance: cents / 100,
    total_paid: paid / 100,
    total_owed: owed / 100,
  };
}

/** A transfer from payer to payee, pending unless `settled_at` is given. */
export function settlement(
  id: string,
  payer: string,
  payee: string,
  cents: number,
  settled_at: string | null = null,
): Settlement {
  return {
    id,
    trip_id: 't1',
    amount_cents: cents,
    amount: cents / 100,
    settled_at,
    payer: person(payer),
    payee: person(payee),
    created_at: '2027-01-02T00:00:00.000Z',
  };
}

/** Alice's account as `GET /api/auth/me` answers it, with her "Who can add me to a trip" setting. */
export const aliceAccount = (add_policy: AddPolicy): MeResponse => ({
  user: {
    id: 'u-alice',
    username: 'alice',
    email: 'alice@example.com',
    first_name: 'Alice',
    last_name: 'Doe',
    add_policy,
    payment_handles: {},
  },
});
