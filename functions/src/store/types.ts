/**
 * The data port, as features and adapters import it: every module of port/ (its records, its writes, its errors,
 * and the Store that gathers them).
 */
export * from './port/errors';
export * from './port/users';
export * from './port/trips';
export * from './port/members';
export * from './port/guests';
export * from './port/households';
export * from './port/invite-links';
export * from './port/plans';
export * from './port/links';
export * from './port/idempotency';
export * from './port/expenses';
export * from './port/settlements';
export * from './port/activity';
export * from './port/ledger-notices';
export * from './port/store';
