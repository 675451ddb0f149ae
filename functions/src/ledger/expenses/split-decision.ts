/**
 * What an expense entry decides, computed on the server (spec §5): the split, and each person's share of the
 * amount (summing exactly, the remainder on the last person); and, for an edit that names nobody, the split as it
 * was decided. Pure: the service hands in today's members (with their weights) and the stored expense.
 */
import {
  DEFAULT_PARTICIPANT_WEIGHT,
  ITEMS_MUST_MATCH_AMOUNT,
  SHARES_EXCEED_AMOUNT,
  SPLIT_TOLERANCE_MINOR,
  applySplit,
  entryNamesPeople,
  sumMinor,
  type ExpenseEntry,
  type PersonAmount,
  type StoredSplit,
} from '@wayfare/contract';
import { HttpError } from '../../http/errors';
import { peopleOfExpense, type ExpensePatch, type ExpenseRecord, type MemberRecord } from '../../store/types';
import { SHARES_MUST_ADD_UP } from '../currency';

export const NOT_A_PARTICIPANT = 'Everyone in the split must be a participant of this trip';

/** A member as a split is decided over them: who, and their whole shares where a by_shares split gives none. */
export type SplitMember = Pick<MemberRecord, 'user_id' | 'weight'>;

const person = (user_id: string, weight: number | null = null) => ({ user_id, weight });
const amountsOf = (people: readonly PersonAmount[]) => people.map((p) => p.amount_minor);

/** The spec's simple form (a `by_type` split): by the expense type, over today's members. */
function splitByType(entry: ExpenseEntry, payer: string, memberIds: string[]): StoredSplit {
  if (entry.expense_type === 'personal') return { method: 'personal', people: [person(payer)] };
  if (entry.expense_type === 'group') return { method: 'equal', people: memberIds.map((id) => person(id)) };
  const given = entry.split.method === 'by_type' ? entry.split.people.filter((s) => s.amount_minor > 0) : [];
  if (given.some((s) => s.user_id === payer)) {
    throw new HttpError(422, 'A shared expense lists only what the others owe the payer');
  }
  if (given.length > 0) {
    // Spec §5: the non-payers owe what was entered for them; the payer, last, bears the rest.
    const rest = entry.amount_minor - sumMinor(amountsOf(given));
    if (rest < 0) throw new HttpError(422, SHARES_EXCEED_AMOUNT);
    return {
      method: 'custom',
      people: [...given.map((s) => person(s.user_id, s.amount_minor)), person(payer, rest)],
    };
  }
  const others = memberIds.filter((id) => id !== payer);
  if (others.length === 0) throw new HttpError(422, 'Add another participant to share this expense');
  return { method: 'equal', people: others.map((id) => person(id)) };
}

/** The split an entry decides (spec §5). */
function decidedSplit(entry: ExpenseEntry, members: readonly SplitMember[]): StoredSplit {
  const { split } = entry;
  const memberIds = members.map((m) => m.user_id);
  const payer = (entry.payers[0] as { user_id: string }).user_id;
  switch (split.method) {
    case 'personal':
      return { method: 'personal', people: [person(payer)] };
    case 'equal':
      return { method: 'equal', people: split.people.map((p) => person(p.user_id)) };
    case 'percent':
      return { method: 'percent', people: split.people.map((p) => person(p.user_id, p.percent)) };
    case 'by_shares': {
      // Someone no longer a member (kept in an edited expense) counts as one person unless given shares.
      const weights = new Map(members.map((m) => [m.user_id, m.weight]));
      return {
        method: 'by_shares',
        people: split.people.map((p) =>
          person(p.user_id, p.shares ?? weights.get(p.user_id) ?? DEFAULT_PARTICIPANT_WEIGHT),
        ),
      };
    }
    case 'custom':
    case 'itemized':
      // Spec §5: within a cent of the total, the mismatch adjusted onto the last person.
      if (Math.abs(sumMinor(amountsOf(split.people)) - entry.amount_minor) > SPLIT_TOLERANCE_MINOR) {
        throw new HttpError(422, SHARES_MUST_ADD_UP);
      }
      return { method: 'custom', people: split.people.map((p) => person(p.user_id, p.amount_minor)) };
    case 'exact':
      if (sumMinor(amountsOf(split.people)) !== entry.amount_minor)
        throw new HttpError(422, SHARES_MUST_ADD_UP);
      return {
        method: 'custom',
        people: split.people.filter((p) => p.amount_minor > 0).map((p) => person(p.user_id, p.amount_minor)),
      };
    case 'by_type':
      return splitByType(entry, payer, memberIds);
  }
}

/** The split applied to an amount: each person's share in the split's order, zero shares left out. */
function sharesOf(amountMinor: number, split: StoredSplit): ExpenseRecord['shares'] {
  const minor = applySplit(amountMinor, split);
  if (!minor) {
    const reasons: Partial<Record<StoredSplit['method'], string>> = {
      custom: SHARES_EXCEED_AMOUNT,
      itemized: ITEMS_MUST_MATCH_AMOUNT,
    };
    throw new HttpError(422, reasons[split.method] ?? 'Unable to compute split');
  }
  const shares = split.people
    .map((p, i) => ({ user_id: p.user_id, share_minor: minor[i] as number }))
    .filter((s) => s.share_minor > 0);
  if (shares.length === 0 || sumMinor(shares.map((s) => s.share_minor)) !== amountMinor) {
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
 * The split and shares of an expense, computed on the server from the entry over today's members: everyone in a
 * newly decided split must be a member (or already in the stored expense or its split: someone who left keeps their
 * place in it; the store refuses them any money they did not have), and shares sent beside a split must be its
 * shares. The store checks the people who get money again inside the write, where no removal can slip in between.
 */
export function splitFor(
  entry: ExpenseEntry,
  members: readonly SplitMember[],
  stored?: ExpenseRecord,
): Pick<ExpensePatch, 'split' | 'shares'> {
  const split = decidedSplit(entry, members);
  const memberIds = members.map((m) => m.user_id);
  const shares = sharesOf(entry.amount_minor, split);
  const kept = stored ? [...peopleOfExpense(stored), ...stored.split.people.map((p) => p.user_id)] : [];
  const allowed = new Set([...memberIds, ...kept]);
  if (
    entry.payers.some((p) => !allowed.has(p.user_id)) ||
    split.people.some((p) => !allowed.has(p.user_id))
  ) {
    throw new HttpError(422, NOT_A_PARTICIPANT);
  }
  const sent = 'sent_shares' in entry.split ? entry.split.sent_shares : undefined;
  if (sent) {
    const asShares = sent.map((p) => ({ user_id: p.user_id, share_minor: p.amount_minor }));
    if (!sameShares(asShares, shares)) throw new HttpError(422, 'The shares do not match the split');
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
  entry: ExpenseEntry,
  memberIds: string[],
): Pick<ExpensePatch, 'split' | 'shares'> | undefined {
  const payer = entry.payers[0]?.user_id;
  if (entryNamesPeople(entry) || payer !== stored.paid_by || entry.expense_type !== stored.expense_type)
    return;
  if (entry.amount_minor === stored.amount_minor) return { split: stored.split, shares: stored.shares };
  const shares = sharesOf(entry.amount_minor, stored.split);
  const named = new Set([...memberIds, ...peopleOfExpense(stored)]);
  if (shares.some((s) => !named.has(s.user_id))) throw new HttpError(422, NOT_A_PARTICIPANT);
  return { split: stored.split, shares };
}
