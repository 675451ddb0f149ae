import { formatMoney } from '@wayfare/contract';

/** The person's locale: the browser's language (en-US outside a browser). */
export const userLocale = (): string => (typeof navigator !== 'undefined' && navigator.language) || 'en-US';

/** Cents in the person's locale, in the trip's currency (USD for now). */
export const money = (cents: number) => formatMoney(cents, userLocale());
