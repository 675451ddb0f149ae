import type { ExpenseRecord } from './expenses';

/** The errors the store port's writes throw; services turn them into answers. */
/** A create that would break a uniqueness rule (username or email, case-insensitive). */
export class UniqueConstraintError extends Error {
  constructor(readonly field: 'username' | 'email' | 'member' | 'invitation') {
    super(`${field} already exists`);
  }
}

/** An expense write naming someone who is not a member of the trip when it commits; nothing was written. */
export class NotAMemberError extends Error {
  constructor(readonly userId: string) {
    super(`${userId} is not a member of the trip`);
  }
}

/**
 * An expense write whose amounts are in a home currency the trip no longer has (another member changed it while the
 * amounts were being converted); nothing was written.
 */
export class HomeCurrencyChangedError extends Error {
  constructor(readonly homeCurrency: string) {
    super(`the trip's home currency is no longer ${homeCurrency}`);
  }
}

/**
 * A conditional expense write (If-Match) whose expected versions do not include the stored one at commit; nothing
 * was written. `current` is the expense as stored, to answer with.
 */
export class ExpenseVersionMismatchError extends Error {
  constructor(readonly current: ExpenseRecord) {
    super(`expense ${current.id} is at version ${current.version}`);
  }
}

/** A restore whose history entry was restored already (or is not a deletion) by the time it commits. */
export class RestoredAlreadyError extends Error {
  constructor(readonly entryId: string) {
    super(`history entry ${entryId} was already restored`);
  }
}
