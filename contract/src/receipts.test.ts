import { describe, expect, it } from 'vitest';
import { isImageReceipt, receiptSchema } from './receipts';
import { expenseSchema } from './ledger';

const expense = {
  id: 'e1',
  trip_id: 't1',
  title: 'Hotel',
  description: '',
  amount_cents: 24000,
  amount: 240,
  expense_date: '2027-04-11',
  category: 'accommodation',
  expense_type: 'personal',
  paid_by: 'u1',
  paid_by_name: 'Ana Doe',
  payers: [{ user_id: 'u1', first_name: 'Ana', last_name: 'Doe', amount_cents: 24000, amount: 240 }],
  participants: [],
  split: { method: 'personal', people: [] },
  created_by: 'u1',
  created_at: '2027-04-11T10:00:00.000Z',
  updated_at: '2027-04-11T10:00:00.000Z',
};

describe('receipts in answers', () => {
  it('reads an expense answered before receipts (kept offline) as having none', () => {
    expect(expenseSchema.parse(expense).receipt).toBeNull();
  });

  it('takes photos and PDFs only, and tells them apart', () => {
    const photo = { url: '/a', thumbnail_url: '/b', content_type: 'image/webp' as const, size: 10 };
    expect(receiptSchema.parse(photo)).toEqual(photo);
    expect(isImageReceipt(photo)).toBe(true);
    expect(isImageReceipt({ content_type: 'application/pdf' })).toBe(false);
    expect(receiptSchema.safeParse({ ...photo, content_type: 'image/svg+xml' }).success).toBe(false);
  });
});
