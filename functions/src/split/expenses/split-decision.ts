/**
 * What an expense body decides, computed on the server (spec §5): who paid what, the split, and each person's
 * share of the amount (summing exactly, the remainder on the last person); and, for an edit that names nobody, the
 * split as it was decided. Pure: the service hands in today's members and the stored expense.
 */
import {
  ITEMS_MUST_MATCH_AMOUNT,
  SHARES_EXCEED_AMOUNT,
  SPLIT_TOLERANCE_CENTS,
  applySplit,
  sumCents,
  type ExpenseBody,
  type ExpensePayer,
  type StoredSplit,
} from '@wayfare/contract';
import { HttpError } from '../../http/errors';
import { peopleOfExpense, type ExpensePatch, type ExpenseRecord } from '../../store/types';
import { SHARES_MUST_ADD_UP } from '../currency';

export const NOT_A_PARTICIPANT = 'Everyone in the split must be a participant of this trip';

/**
 * The payers the store keeps, from the parsed body (cents, in the body's order; their parts add up to the amount,
 * which the body's schema checked): the one place a payer's amount passes from the body to the store.
 */
export const payersFor = (body: ExpenseBody): ExpensePayer[] =>
  body.payers.map((payer) => ({ user_id: payer.user_id, paid_minor: payer.amount }));

/** The split a body decides: its `split`, else explicit shares, else the simple form's type (spec §5). */
function decidedSplit(body: ExpenseBody, memberIds: string[]): StoredSplit {
  const person = (user_id: string, weight: number | null = null) => ({ user_id, weight });
  if (body.split?.method === 'personal') return { method: 'personal', people: [person(body.paid_by)] };
  if (body.split?.method === 'equal') {
    return { method: 'equal', people: body.split.people.map((p) => person(p.user_id)) };
  }
  if (body.split?.method === 'percent') {
    return { method: 'percent', people: body.split.people.map((p) => person(p.user_id, p.percent)) };
  }
  if (body.split?.method === 'custom') {
    // Spec §5: within a cent of the total, the mismatch adjusted onto the last person.
    if (Math.abs(sumCents(body.split.people.map((p) => p.amount)) - body.amount) > SPLIT_TOLERANCE_CENTS) {
      throw new HttpError(422, SHARES_MUST_ADD_UP);
    }
    return { method: 'custom', people: body.split.people.map((p) => person(p.user_id, p.amount)) };
  }
  if (body.participants?.length) {
    if (sumCents(body.participants.map((p) => p.share_amount)) !== body.amount) {
      throw new HttpError(422, SHARES_MUST_ADD_UP);
    }
    return {
      method: 'custom',
      people: body.participants
        .filter((p) => p.share_amount > 0)
        .map((p) => person(p.user_id, p.share_amount)),
    };
  }
  if (body.expense_type === 'personal') return { method: 'personal', people: [person(body.paid_by)] };
  if (body.expense_type === 'group') return { method: 'equal', people: memberIds.map((id) => person(id)) };
  const given = (body.splits ?? []).filter((s) => s.amount > 0);
  if (given.some((s) => s.user_id === body.paid_by)) {
    throw new HttpError(422, 'A shared expense lists only what the others owe the payer');
  }
  if (given.length > 0) {
    // Spec §5: the non-payers owe what was entered for them; the payer, last, bears the rest.
    const rest = body.amount - sumCents(given.map((s) => s.amount));
    if (rest < 0) throw new HttpError(422, SHARES_EXCEED_AMOUNT);
    return {
      method: 'custom',
      people: [...given.map((s) => person(s.user_id, s.amount)), person(body.paid_by, rest)],
    };
  }
  const others = memberIds.filter((id) => id !== body.paid_by);
  if (others.length === 0) throw new HttpError(422, 'Add another participant to share this expense');
  return { method: 'equal', people: others.map((id) => person(id)) };
}

/** The split applied to an amount: each person's share in the split's order, zero shares left out. */
function sharesOf(amountCents: number, split: StoredSplit): ExpenseRecord['shares'] {
  const cents = applySplit(amountCents, split);
  if (!cents) {
    const reasons: Partial<Record<StoredSplit['method'], string>> = {
      custom: SHARES_EXCEED_AMOUNT,
      itemized: ITEMS_MUST_MATCH_AMOUNT,
    };
    throw new HttpError(422, reasons[split.method] ?? 'Unable to compute split');
  }
  const shares = split.people
    .map((p, i) => ({ user_id: p.user_id, share_minor: cents[i] as number }))
    .filter((s) => s.share_minor > 0);
  if (shares.length === 0 || sumCents(shares.map((s) => s.share_minor)) !== amountCents) {
    throw new HttpError(422, SHARES_MUST_ADD_UP);
  }
  return shares;
}

const sameShares = (a: ExpenseRecord['shares'], b: ExpenseRecord['shares']) => {
  const key = (shares: ExpenseRecord['shares']) =>
    JSON.stringify(shares.map((s) => [s.user_id, s.share_minor]).sort());
  return key(a) === key(b);
};

/**
 * The split and shares of an expense, computed on the server from the body over today's members: everyone in a
 * newly decided split must be a member (or already in the stored expense or its split: someone who left keeps their
 * place in it; the store refuses them any money they did not have), and explicit `participants` sent beside a `split` must be its shares. The store checks the people who get
 * money again inside the write, where no removal can slip in between.
 */
export function splitFor(
  body: ExpenseBody,
  memberIds: string[],
  stored?: ExpenseRecord,
): Pick<ExpensePatch, 'split' | 'shares'> {
  const split = decidedSplit(body, memberIds);
  const shares = sharesOf(body.amount, split);
  const kept = stored ? [...peopleOfExpense(stored), ...stored.split.people.map((p) => p.user_id)] : [];
  const allowed = new Set([...memberIds, ...kept]);
  if (body.payers.some((p) => !allowed.has(p.user_id)) || split.people.some((p) => !allowed.has(p.user_id))) {
    throw new HttpError(422, NOT_A_PARTICIPANT);
  }
  const explicit = body.split && body.participants?.filter((p) => p.share_amount > 0);
  if (explicit?.length) {
    const sent = explicit.map((p) => ({ user_id: p.user_id, share_minor: p.share_amount }));
    if (!sameShares(sent, shares)) throw new HttpError(422, 'The shares do not match the split');
  }
  return { split, shares };
}

/**
 * An edit that names no people and keeps the payer and the type keeps the split as it was decided: the stored
 * shares when the amount is the same (so an edit of words changes no share), the stored method re-applied to the
 * stored people when it changed (the last person takes the remainder). Today's members never enter an existing
 * expense; anyone whose share grows from nothing must still be a member.
 */
export function keptSplit(
  stored: ExpenseRecord,
  body: ExpenseBody,
  memberIds: string[],
): Pick<ExpensePatch, 'split' | 'shares'> | undefined {
  const namesPeople = Boolean(body.participants?.length || body.splits?.length || body.split);
  if (namesPeople || body.paid_by !== stored.paid_by || body.expense_type !== stored.expense_type) return;
  if (body.amount === stored.amount_minor) return { split: stored.split, shares: stored.shares };
  const shares = sharesOf(body.amount, stored.split);
  const named = new Set([...memberIds, ...peopleOfExpense(stored)]);
  if (shares.some((s) => !named.has(s.user_id))) throw new HttpError(422, NOT_A_PARTICIPANT);
  return { split: stored.split, shares };
}
