import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MemberExplanation, SettlementExplanationResponse } from '@wayfare/contract';
import { balance, settlement } from '@/test-support/people';
import { Providers, testQueryClient } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { EXPLANATION_TITLE, SettlementExplanation } from './SettlementExplanation';

const member = (name: string, cents: number, extra: Partial<MemberExplanation>): MemberExplanation => {
  const { left: _left, ...figures } = balance(name, cents);
  return { ...figures, settlement_ids: ['s1'], unsettled_cents: 0, unsettled: 0, ...extra };
};

describe('SettlementExplanation', () => {
  it('shows each member’s own figures and, settling by household, the household that settles for them', async () => {
    const transfer = settlement('s1', 'Bob', 'Alice', 5000);
    const answer: SettlementExplanationResponse = {
      members: [
        member('Alice', 5000, { household_id: null }),
        // Bob pays Dan's 20.00 as well: his own figure stays open by it, the household's does not.
        member('Bob', -3000, { household_id: 'h1', unsettled_cents: 2000, unsettled: 20 }),
        member('Dan', -2000, {
          household_id: 'h1',
          settlement_ids: [],
          unsettled_cents: -2000,
          unsettled: -20,
        }),
      ],
      settlements: [transfer],
      households: [
        {
          id: 'h1',
          name: 'Bob & Dan',
          payer_user_id: transfer.payer.user_id,
          member_ids: [transfer.payer.user_id, 'u-dan'],
          balance_cents: -5000,
          balance: -50,
          unsettled_cents: 0,
          unsettled: 0,
        },
      ],
    };
    stubApi({ 'GET /api/trip-split/trips/t1/settlements/explanation': { body: answer } });
    render(
      <Providers queryClient={testQueryClient()}>
        <SettlementExplanation tripId="t1" />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: EXPLANATION_TITLE }));
    const people = await screen.findByRole('list', { name: EXPLANATION_TITLE });
    const [, bob, dan] = within(people)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === people);
    expect(bob).toHaveTextContent('Owes $30.00');
    expect(bob).toHaveTextContent('Settles with the household Bob & Dan');
    expect(dan).toHaveTextContent('Owes $20.00');
    expect(screen.queryByText(/is not covered by the settlements/)).toBeNull();
    const households = screen.getByRole('list', { name: 'Households' });
    expect(households).toHaveTextContent('Bob & Dan');
    expect(households).toHaveTextContent('Owes $50.00');
    expect(households).toHaveTextContent('Bob Doe pays or receives for all of them.');
  });
});
