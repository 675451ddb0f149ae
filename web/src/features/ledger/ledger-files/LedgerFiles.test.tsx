import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '@wayfare/contract';
import { participant } from '@/test-support/people';
import { Providers } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { LedgerFiles } from './LedgerFiles';

const ana = participant('Ana');
const bea = participant('Bea');

/** This app's own export of a trip of Ana and Bea: a dinner, and Bea's settle-up payment to Ana. */
const LEDGER = [
  'Date,Title,Category,Currency,Amount,Rate,Home amount (USD),Payers,Ana Doe (@ana),Bea Doe (@bea)',
  '2027-04-10,Dinner,food,USD,90.00,1,90.00,Ana Doe (@ana),45.00,45.00',
  '2027-04-11,Payment,payment,USD,20.00,1,20.00,Bea Doe (@bea),20.00,0.00',
].join('\n');

const preview: ImportPreview = {
  people: [
    { name: 'Ana Doe (@ana)', user_id: ana.user_id, matched_by: 'username', skipped: false },
    { name: 'Bea Doe (@bea)', user_id: bea.user_id, matched_by: 'username', skipped: false },
  ],
  unmatched: [],
  expenses: [
    {
      line: 2,
      expense_date: '2027-04-10',
      title: 'Dinner',
      category: 'food',
      amount_cents: 9000,
      paid_by: ana.user_id,
      payers: [{ user_id: ana.user_id, paid_cents: 9000 }],
      shares: [
        { user_id: ana.user_id, share_cents: 4500 },
        { user_id: bea.user_id, share_cents: 4500 },
      ],
      original: null,
    },
  ],
  payments: [
    { line: 3, date: '2027-04-11', from_user_id: bea.user_id, to_user_id: ana.user_id, amount_cents: 2000 },
  ],
  skipped: [],
  total_cents: 9000,
};

describe('LedgerFiles import', () => {
  it('previews a ledger exported here: people matched by username, the payment to record, then imports both', async () => {
    const requests = stubApi({
      'POST /api/trip-split/trips/t1/import/preview': { body: preview },
      'POST /api/trip-split/trips/t1/import': { status: 201, body: { ...preview, created: 1 } },
    });
    render(<LedgerFiles tripId="t1" participants={[ana, bea]} />, { wrapper: Providers });
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Import expenses' });
    await userEvent.upload(
      within(dialog).getByLabelText('Splitwise group export or ledger exported here (CSV)'),
      new File([LEDGER], 'ledger.csv', { type: 'text/csv' }),
    );
    expect(await within(dialog).findByText('Ana Doe (matched by username)')).toBeInTheDocument();
    expect(within(dialog).getByText('Bea Doe (matched by username)')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: '1 payment to record as paid' })).toBeInTheDocument();
    expect(within(dialog).getByText('2027-04-11: Bea Doe paid Ana Doe $20.00')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));
    expect(await screen.findByText('Imported 1 expense and 1 payment.')).toBeInTheDocument();
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/trip-split/trips/t1/import/preview', { csv: LEDGER, mapping: {} }],
      ['POST', '/api/trip-split/trips/t1/import', { csv: LEDGER, mapping: {} }],
    ]);
  });
});
