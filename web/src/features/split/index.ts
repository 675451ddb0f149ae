/** Public surface of the split feature: The ledger parts the overview reuses, and the split API the join screen calls. Other features and the app import only this. */
export { AddParticipantForm } from './participants/AddParticipantForm';
export { CalculateSettlementsButton } from './settlements/CalculateSettlementsButton';
export { BudgetTab } from './glance/BudgetTab';
export { personName } from './categories';
export { ExpenseForm } from './expenses/ExpenseForm';
export { HomeCurrency, useHomeMoney } from './homeCurrency';
export { useJoinByLink } from './invite-links/inviteLinkMutations';
export { ExpenseList } from './expenses/ExpenseList';
export { ExpensesLoadError } from './expenses/ExpensesLoadError';
export { ParticipantList } from './participants/ParticipantList';
export {
  ReceiptControl,
  ReceiptPicker,
  ReceiptRetryModal,
  useNewExpenseReceipt,
} from './receipts/ReceiptControl';
export { SettlementList } from './settlements/SettlementList';
export { splitApi } from './splitApi';
export { useLiveLedger, type LiveLedger } from './useLiveLedger';
export { useSettlementCalculation } from './settlements/useSettlementCalculation';
