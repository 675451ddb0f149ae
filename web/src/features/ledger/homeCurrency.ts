import { createContext, useContext } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_HOME_CURRENCY } from '@wayfare/contract';
import { money } from '@/shared/locale';
import { queryKeys } from '@/shared/query/queryKeys';
import { refreshLedger } from './queries';
import { ledgerApi } from './ledgerApi';

/** The trip's home currency, for everything on a trip's pages that shows its ledger's money. */
export const HomeCurrency = createContext<string>(DEFAULT_HOME_CURRENCY);

/** The home currency and `money` in it (minor units in the person's locale). */
export function useHomeMoney() {
  const home = useContext(HomeCurrency);
  return { home, money: (minor: number) => money(minor, home) };
}

/** The trip's home currency (only while its ledger is empty): every ledger figure is in it, so all are read again. */
export function useSetHomeCurrency(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currency: string) => ledgerApi.setHomeCurrency(tripId, currency),
    onSuccess: () => {
      void refreshLedger(queryClient, tripId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.splitTrips() });
    },
  });
}
