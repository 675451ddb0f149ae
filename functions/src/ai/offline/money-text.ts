/**
 * Amounts in the offline planner's prose: whole US dollars grouped as the web app's money formatter groups them in
 * en-US ("$2,445"). The planner keeps amounts in integer cents and turns them into text only here.
 */
const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Cents as whole dollars in text: 244500 is "$2,445" (cents past a whole dollar are rounded). */
export const dollarsText = (cents: number) => WHOLE_DOLLARS.format(cents / 100);
