/**
 * The /api/trip-split bodies and answers (spec §3, §7). Requests carry amounts (a number or a numeric string) that
 * are parsed to integer minor units here, once. Answers carry the exact minor units in `*_cents` fields and, beside
 * them, the spec's major-unit fields (`amount`, `share_amount`, …) derived from them by minorToMajor; the zod schemas
 * of the answers are what the contract tests and the web client check them against.
 *
 * One module per use case: how a split is kept (stored-split.ts), the expense body (expense-body.ts) and the entry
 * every shape of it is read into (expense-entry.ts), expenses (expenses.ts) and their versions
 * (expense-versions.ts), settlements (settlements.ts), participants (participants.ts), the trips overview
 * (overview.ts) and the live ledger notices (live.ts); the answers' shared fields are in answer-fields.ts.
 */
export * from './stored-split';
export * from './participants';
export type { LedgerPerson } from './answer-fields';
export * from './expense-body';
export * from './expense-entry';
export * from './expenses';
export * from './expense-versions';
export * from './settlements';
export * from './overview';
export * from './live';
