import { Bed, Car, Film, ShoppingBag, Tag, Utensils, type LucideIcon } from 'lucide-react';
import { type ExpenseCategory, type ExpenseType, type Settlement } from '@wayfare/contract';
import { money } from '@/shared/locale';

/** Each expense category with its label and icon (DESIGN.md: every category has its icon). */
export const CATEGORY: Record<ExpenseCategory, { label: string; Icon: LucideIcon }> = {
  food: { label: 'Food', Icon: Utensils },
  transport: { label: 'Transport', Icon: Car },
  accommodation: { label: 'Accommodation', Icon: Bed },
  entertainment: { label: 'Entertainment', Icon: Film },
  shopping: { label: 'Shopping', Icon: ShoppingBag },
  other: { label: 'Other', Icon: Tag },
};

export const EXPENSE_TYPE_LABEL: Record<ExpenseType, string> = {
  personal: 'Personal',
  group: 'Group (split equally)',
  shared: 'Shared (custom split)',
};

export const personName = (p: { first_name: string; last_name: string }) =>
  `${p.first_name} ${p.last_name}`.trim();

/** Someone the ledger names, marked when they have left the trip (their balance stays, settled like any other). */
export const ledgerName = (p: { first_name: string; last_name: string; left: boolean }, full = true) =>
  `${full ? personName(p) : p.first_name}${p.left ? ' (left)' : ''}`;

/** "Bob pays Alice $33.33" (DESIGN.md: who owes whom reads as a sentence). */
export const settlementSentence = (s: Settlement, home?: string) =>
  `${ledgerName(s.payer, false)} pays ${ledgerName(s.payee, false)} ${money(s.amount_cents, home)}`;

/** Where a rate came from, in words: "ECB rate of 2026-11-20", "Bundled ECB rate of 2024-12-31", "Your rate". */
export function rateSourceText(source: string, date: string): string {
  if (source === 'ecb') return `ECB rate of ${date}`;
  if (source === 'snapshot') return `Bundled ECB rate of ${date} (offline)`;
  if (source === 'member') return 'Your rate';
  return 'Same currency';
}
