import { useEffect, useRef } from 'react';
import type { LiveLedger } from '../live/useLiveLedger';
import { useSettlementCalculation } from '../settlements/useSettlementCalculation';

/** Where a trip's ledger stands, as far as the card's figures and settlements go: its expense count and total. */
export const ledgerFigures = ({ expense_count, total_expenses_cents }: LiveLedger['expenses']) =>
  `${expense_count}:${total_expenses_cents}`;

/**
 * Spec §4 on the overview card: settlements are recalculated when its Settlements tab opens (`openTab` calls
 * `calculate`) and when its settlement list is empty (read, no error) while the trip has expenses. The latter once per
 * ledger state (expense count and total): a recalculation that answers an empty list again (everyone even), or
 * fails, is not repeated until the expenses change. "Calculate Settlements" stays as on the split page, which
 * calculates only on demand.
 */
export function useCardSettlements(tripId: string, ledger: LiveLedger) {
  const calculation = useSettlementCalculation(tripId);
  const { calculating, calculate } = calculation;
  const { expenses, settlements } = ledger;
  const emptyWithExpenses =
    !ledger.loading && !settlements.error && settlements.data.length === 0 && expenses.expense_count > 0;
  const state = ledgerFigures(expenses);
  const calculatedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!emptyWithExpenses || calculating || calculatedFor.current === state) return;
    calculatedFor.current = state;
    calculate();
  }, [emptyWithExpenses, calculating, state, calculate]);
  return calculation;
}
