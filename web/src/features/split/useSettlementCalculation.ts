import { useState } from 'react';
import type { Balance } from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { splitApi } from './splitApi';

/**
 * "Calculate Settlements" on demand (never on opening a page or a tab: a look must not change anyone's pending
 * transfers). Keeps the balances of the last calculation and refreshes the ledger after it.
 */
export function useSettlementCalculation(tripId: string, refresh: () => Promise<unknown>) {
  const [balances, setBalances] = useState<Balance[] | null>(null);
  const [calculating, setCalculating] = useState(false);
  const [calcError, setCalcError] = useState<string | null>(null);

  const calculate = async () => {
    setCalculating(true);
    setCalcError(null);
    try {
      const result = await splitApi.calculateSettlements(tripId);
      setBalances(result.balances);
      await refresh();
    } catch (err) {
      setCalcError(errorMessage(err, 'Failed to calculate settlements'));
    } finally {
      setCalculating(false);
    }
  };
  return { balances, calculating, calcError, calculate };
}
