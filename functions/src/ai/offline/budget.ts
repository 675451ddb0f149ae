/** The guide's budget section: an estimate per person from the budget answer, the travel style and prices. */
import type { BudgetOption } from '@wayfare/contract';
import type { GuideRequest } from '../types';
import { dollarsText } from './money-text';

/** Daily spend per person in USD at price level 1, by budget answer: stay, food, local transport, activities. */
const DAILY_USD: Record<BudgetOption, { stay: number; food: number; transport: number; activities: number }> =
  {
    'Budget-friendly': { stay: 35, food: 22, transport: 6, activities: 12 },
    Moderate: { stay: 110, food: 50, transport: 12, activities: 30 },
    Luxury: { stay: 320, food: 130, transport: 40, activities: 80 },
    'No limit': { stay: 650, food: 260, transport: 90, activities: 180 },
  };

/** Share of a room's price each traveller pays. */
const ROOM_SHARE: Record<string, number> = {
  Solo: 1,
  Business: 1,
  Couple: 0.6,
  Family: 0.45,
  'Group of friends': 0.5,
};

/** Dollars (a price-scaled estimate) rounded to the nearest $5, in integer cents. */
const roundedCents = (dollars: number) => Math.round(dollars / 5) * 500;
const usd = (dollars: number) => dollarsText(roundedCents(dollars));

export function budgetText({ budget, travelStyle }: GuideRequest, days: number, price: number): string {
  const base = DAILY_USD[budget];
  const share = ROOM_SHARE[travelStyle] ?? 1;
  const nights = Math.max(days - 1, 0);
  const stay = base.stay * price * share;
  const daily = (base.food + base.transport + base.activities) * price;
  const total = stay * nights + daily * days;
  const roomNote = share < 1 ? ' (your share of a shared room)' : '';
  return [
    `Estimated spend per person for ${days} day${days === 1 ? '' : 's'} on a ${budget.toLowerCase()} budget, in US dollars, flights excluded:`,
    `- Accommodation: about ${usd(stay)} a night${roomNote} × ${nights} night${nights === 1 ? '' : 's'}`,
    `- Food and drink: about ${usd(base.food * price)} a day`,
    `- Local transport: about ${usd(base.transport * price)} a day`,
    `- Sights and activities: about ${usd(base.activities * price)} a day`,
    `- Total: about ${usd(total)} per person`,
    budget === 'Budget-friendly'
      ? 'Save with city passes, free museum days, lunch-time set menus and public transport.'
      : budget === 'Moderate'
        ? 'Book popular sights and dinners a few days ahead; a city pass pays off if you visit three or more museums.'
        : 'Reserve top restaurants and guided experiences well ahead; private transfers save time between sights.',
  ].join('\n');
}
