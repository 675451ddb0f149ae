import { DEFAULT_HOME_CURRENCY, formatMoney } from '@wayfare/contract';

/** The person's locale: the browser's language (en-US outside a browser). */
export const userLocale = (): string => (typeof navigator !== 'undefined' && navigator.language) || 'en-US';

/** Minor units in the person's locale and the given currency (a trip's home currency; US dollars by default). */
export const money = (minor: number, currency: string = DEFAULT_HOME_CURRENCY) =>
  formatMoney(minor, userLocale(), currency);
