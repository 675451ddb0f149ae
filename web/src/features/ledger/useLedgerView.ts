import { useState } from 'react';
import type { Expense } from '@wayfare/contract';
import { useSettlementCalculation } from './settlements/useSettlementCalculation';

export type SplitTab = 'participants' | 'expenses' | 'settlements' | 'budget' | 'history';

/** The split page's tabs' state: the tab shown, the expense being edited ('new' for the form of a new one), and the
 * last settlement calculation's balances. */
export function useLedgerView(tripId: string) {
  const [tab, setTab] = useState<SplitTab>('participants');
  const [editing, setEditing] = useState<Expense | null | 'new'>(null);
  const calculation = useSettlementCalculation(tripId);
  return { tab, setTab, editing, setEditing, calculation };
}

export type SplitLedgerView = ReturnType<typeof useLedgerView>;
