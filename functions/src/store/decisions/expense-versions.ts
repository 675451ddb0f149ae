/**
 * The version rule of expense writes, applied by both adapters inside the write's transaction: a conditional write
 * (If-Match) goes ahead only while the stored version is one it names, and every edit makes the next version.
 */
import { ExpenseVersionMismatchError } from '../port/errors';
import type { ExpenseRecord } from '../port/expenses';

/** Throws ExpenseVersionMismatchError (the caller's transaction then writes nothing) unless the condition holds. */
export function requireVersion(stored: ExpenseRecord, ifVersions: readonly number[] | undefined): void {
  if (ifVersions && !ifVersions.includes(stored.version)) throw new ExpenseVersionMismatchError(stored);
}

/** What an edit by `actorId` (unknown: the creator) stores beside its fields. */
export const nextVersion = (stored: ExpenseRecord, actorId: string | undefined, now: string) => ({
  version: stored.version + 1,
  updated_by: actorId ?? stored.created_by,
  updated_at: now,
});
