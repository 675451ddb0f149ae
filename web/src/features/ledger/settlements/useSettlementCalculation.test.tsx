import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CalculateSettlementsResponse } from '@wayfare/contract';
import { balance, participant, settlement } from '@/test-support/people';
import { Providers } from '@/test-support/session';
import { stubApi, type StubAnswer } from '@/test-support/stubApi';
import { CalculateSettlementsButton } from './CalculateSettlementsButton';
import { participantsQuery, settlementsQuery } from '../queries';
import { useSettlementCalculation } from './useSettlementCalculation';

const LEDGER = '/api/trip-split/trips/t1';

/** A screen's use of the calculation, beside the ledger parts it shows. */
function Calculation() {
  const { balances, calculating, calcError, calculate } = useSettlementCalculation('t1');
  const settlements = useQuery(settlementsQuery('t1'));
  useQuery(participantsQuery('t1'));
  return (
    <>
      <CalculateSettlementsButton calculating={calculating} onCalculate={calculate} />
      {calcError && <p role="alert">{calcError}</p>}
      <p>{settlements.data?.length ?? 0} settlements</p>
      {balances && <p>{balances.map((b) => `${b.first_name} ${b.balance_cents}`).join(', ')}</p>}
    </>
  );
}

describe('useSettlementCalculation', () => {
  it('is busy while calculating, then shows the balances and reads the settlements again (not the people)', async () => {
    let settled = false;
    let answer: (given: StubAnswer) => void = () => {};
    const calculated: CalculateSettlementsResponse = {
      balances: [balance('Alice', 1000), balance('Bob', -1000)],
      settlements: [settlement('s1', 'Bob', 'Alice', 1000)],
      method: 'exact',
    };
    const requests = stubApi({
      [`GET ${LEDGER}/participants`]: { body: { participants: [participant('Alice'), participant('Bob')] } },
      [`GET ${LEDGER}/settlements`]: () => ({
        body: { settlements: settled ? calculated.settlements : [] },
      }),
      [`POST ${LEDGER}/settlements/calculate`]: () =>
        new Promise<StubAnswer>((resolve) => (answer = resolve)),
    });
    render(
      <Providers>
        <Calculation />
      </Providers>,
    );
    await screen.findByText('0 settlements');
    await userEvent.click(screen.getByRole('button', { name: /Calculate Settlements/ }));
    const busy = await screen.findByRole('button', { name: /Calculating/ });
    expect(busy).toHaveFocus();
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(busy);

    settled = true;
    answer({ body: calculated });
    expect(await screen.findByText('1 settlements')).toBeInTheDocument();
    expect(screen.getByText('Alice 1000, Bob -1000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Calculate Settlements/ })).toBeEnabled();
    const reads = (path: string) => requests.filter((r) => r.method === 'GET' && r.path === path).length;
    expect(reads(`${LEDGER}/settlements`)).toBe(2);
    expect(reads(`${LEDGER}/participants`)).toBe(1);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("says why a calculation failed and keeps the last one's balances", async () => {
    let fail = false;
    stubApi({
      [`GET ${LEDGER}/participants`]: { body: { participants: [] } },
      [`GET ${LEDGER}/settlements`]: { body: { settlements: [] } },
      [`POST ${LEDGER}/settlements/calculate`]: () =>
        fail
          ? { status: 500 }
          : { body: { balances: [balance('Alice', 0)], settlements: [], method: 'exact' } },
    });
    render(
      <Providers>
        <Calculation />
      </Providers>,
    );
    const calculate = screen.getByRole('button', { name: /Calculate Settlements/ });
    await userEvent.click(calculate);
    await screen.findByText('Alice 0');
    fail = true;
    await userEvent.click(calculate);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to calculate settlements');
    expect(screen.getByText('Alice 0')).toBeInTheDocument();
    fail = false;
    await userEvent.click(calculate);
    await screen.findByRole('button', { name: /Calculate Settlements/ });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
