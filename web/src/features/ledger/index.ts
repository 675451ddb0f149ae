/**
 * Public surface of the ledger (participants, expenses, settlements, budget and history of a trip): what other
 * features and the app use. Its two pages load lazily from their own files (app/pages.ts).
 */
export { useJoinByLink } from './invite-links/inviteLinkMutations';
export { OverviewLoadingFrame } from './overview/OverviewFrame';
