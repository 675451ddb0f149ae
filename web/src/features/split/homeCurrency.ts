import { createContext, useContext } from 'react';
import { DEFAULT_HOME_CURRENCY } from '@wayfare/contract';
import { money } from '../../shared/locale';

/** The trip's home currency, for everything on a trip's pages that shows its ledger's money. */
export const HomeCurrency = createContext<string>(DEFAULT_HOME_CURRENCY);

/** The home currency and `money` in it (minor units in the person's locale). */
export function useHomeMoney() {
  const home = useContext(HomeCurrency);
  return { home, money: (minor: number) => money(minor, home) };
}
