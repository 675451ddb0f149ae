import { render as renderBare, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SETTLEMENT_REPLACED } from '@wayfare/contract';
import { balance, settlement } from '@/test-support/people';
import { Providers } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { BalanceList, MARK_PAID_CONFIRM, SettlementList } from './SettlementList';

/** The list inside the app's providers (its explanation reads through the data layer). */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: Providers });

const rows = () => within(screen.getByRole('list', { name: 'Settlements' })).getAllByRole('listitem');

describe('SettlementList', () => {
  it('lists pending transfers before paid ones, each pending one with its Mark as Paid', () => {
    render(
      <SettlementList
        tripId="t1"
        settlements={[
          settlement('s1', 'Bob', 'Alice', 1000, '2027-03-05T10:00:00.000Z'),
          settlement('s2', 'Carol', 'Alice', 3333),
        ]}
      />,
    );
    const [first, second] = rows();
    expect(first).toHaveTextContent('Carol pays Alice $33.33');
    expect(first).toHaveTextContent('Pending');
    expect(
      within(first!).getByRole('button', { name: 'Mark as Paid: Carol pays Alice $33.33' }),
    ).toBeEnabled();
    expect(second).toHaveTextContent('Bob pays Alice $10.00');
    expect(second).toHaveTextContent('Paid Mar 5');
    expect(within(second!).queryByRole('button')).toBeNull();
    expect(screen.queryByText('All Settled!')).toBeNull();
  });

  it('names the household a payer pays or receives for while the trip settles by household', () => {
    const bob = settlement('s1', 'Bob', 'Alice', 5000);
    render(
      <SettlementList
        tripId="t1"
        settlements={[bob]}
        households={[
          {
            id: 'h1',
            trip_id: 't1',
            name: 'Bob & Dan',
            payer_user_id: bob.payer.user_id,
            member_ids: [bob.payer.user_id, 'u-dan'],
            created_at: '2027-01-01T00:00:00.000Z',
            updated_at: '2027-01-01T00:00:00.000Z',
          },
        ]}
      />,
    );
    const [row] = rows();
    expect(row).toHaveTextContent('Bob pays Alice $50.00');
    expect(row).toHaveTextContent(/Bob & Dan: Bob \S+ → Alice/);
  });

  it("says 'All Settled!' once every transfer is paid", () => {
    render(
      <SettlementList
        tripId="t1"
        settlements={[settlement('s1', 'Bob', 'Alice', 1000, '2027-03-05T10:00:00.000Z')]}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('All Settled!');
  });

  it('marks a transfer paid after the confirmation, sending its amount', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const s = settlement('s2', 'Carol', 'Alice', 3333);
    const requests = stubApi({
      'PUT /api/trip-split/settlements/s2/paid': {
        body: { settlement: { ...s, settled_at: '2027-03-06T00:00:00.000Z' } },
      },
    });
    render(<SettlementList tripId="t1" settlements={[s]} />);
    await userEvent.click(screen.getByRole('button', { name: /^Mark as Paid/ }));
    expect(confirm).toHaveBeenCalledWith(MARK_PAID_CONFIRM);
    expect(requests).toEqual([expect.objectContaining({ method: 'PUT', body: { amount: 33.33 } })]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends nothing when the confirmation is declined', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const requests = stubApi({});
    render(<SettlementList tripId="t1" settlements={[settlement('s2', 'Carol', 'Alice', 3333)]} />);
    await userEvent.click(screen.getByRole('button', { name: /^Mark as Paid/ }));
    expect(requests).toEqual([]);
  });

  it("shows the server's 'recalculated' message and its current list on a 409", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    stubApi({
      'PUT /api/trip-split/settlements/s2/paid': {
        status: 409,
        body: { error: SETTLEMENT_REPLACED, settlements: [settlement('s9', 'Carol', 'Alice', 2000)] },
      },
    });
    render(<SettlementList tripId="t1" settlements={[settlement('s2', 'Carol', 'Alice', 3333)]} />);
    await userEvent.click(screen.getByRole('button', { name: /^Mark as Paid/ }));
    expect(
      await screen.findByText('This settlement was recalculated. Here is the current list.'),
    ).toBeVisible();
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('Carol pays Alice $20.00'),
    ]);
  });

  it('shows a failure to mark paid as an error', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    stubApi({
      'PUT /api/trip-split/settlements/s2/paid': {
        status: 403,
        body: { error: 'Not a member of this trip' },
      },
    });
    render(<SettlementList tripId="t1" settlements={[settlement('s2', 'Carol', 'Alice', 3333)]} />);
    await userEvent.click(screen.getByRole('button', { name: /^Mark as Paid/ }));
    expect(await screen.findByText('Not a member of this trip')).toBeVisible();
  });

  it('marks a guest in the transfers and the balances, and no one else', () => {
    const owed = settlement('s1', 'Joe', 'Alice', 1500);
    const joe = { ...owed.payer, is_guest: true };
    render(
      <>
        <SettlementList tripId="t1" settlements={[{ ...owed, payer: joe }]} />
        <BalanceList balances={[balance('Alice', 1500), { ...balance('Joe', -1500), is_guest: true }]} />
      </>,
    );
    expect(rows()[0]).toHaveTextContent('Joe Doe Guest → Alice Doe');
    const balances = within(screen.getByRole('region', { name: 'Balances' })).getAllByRole('listitem');
    expect(balances.map((row) => row.textContent)).toEqual([
      expect.not.stringContaining('Guest'),
      expect.stringContaining('Joe DoeGuest'),
    ]);
  });
});
