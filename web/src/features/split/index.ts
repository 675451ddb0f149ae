/** Public surface of the split feature: The ledger parts the overview reuses, and the split API the join screen calls. Other features and the app import only this. */
export { AddParticipantForm } from './AddParticipantForm';
export { CalculateSettlementsButton } from './CalculateSettlementsButton';
export { BudgetTab } from './glance/BudgetTab';
export { personName } from './categories';
export { ExpenseBasicsFields } from './ExpenseBasicsFields';
export { ExpenseModalFrame, type ExpenseModalProps } from './ExpenseModalFrame';
export { HomeCurrency, useHomeMoney } from './homeCurrency';
export { useJoinByLink } from './inviteLinkMutations';
export { ItemizedSplitFields } from './ItemizedSplitFields';
export { ExpenseList } from './ExpenseList';
export { ParticipantList } from './ParticipantList';
export { ReceiptControl, ReceiptPicker, ReceiptRetryModal, useNewExpenseReceipt } from './ReceiptControl';
export { SettlementList } from './SettlementList';
export { splitApi } from './splitApi';
export { useLiveLedger } from './useLiveLedger';
export { useSettlementCalculation } from './useSettlementCalculation';
