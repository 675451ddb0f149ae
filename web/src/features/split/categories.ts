import { Bed, Car, Film, ShoppingBag, Tag, Utensils, type LucideIcon } from 'lucide-react';
import { formatCents, type ExpenseCategory, type ExpenseType, type Settlement } from '@wayfare/contract';

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

/** "Bob pays Alice $33.33" (DESIGN.md: who owes whom reads as a sentence). */
export const settlementSentence = (s: Settlement) =>
  `${s.payer.first_name} pays ${s.payee.first_name} ${formatCents(s.amount_cents)}`;
