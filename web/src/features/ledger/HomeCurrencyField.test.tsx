import { screen } from '@testing-library/react';
import { render } from '@/test-support/render';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test-support/stubApi';
import { HomeCurrencyField } from './HomeCurrencyField';

const PUT = 'PUT /api/trip-split/trips/t1/home-currency';

describe('HomeCurrencyField', () => {
  it('changes the trip currency while the ledger is empty', async () => {
    const requests = stubApi({ [PUT]: { body: { home_currency: 'EUR' } } });
    const onChanged = vi.fn();
    render(<HomeCurrencyField tripId="t1" home="USD" changeable onChanged={onChanged} />);
    await userEvent.selectOptions(screen.getByLabelText('Trip currency'), 'EUR');
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(requests[0]?.body).toEqual({ home_currency: 'EUR' });
  });

  it('is fixed once the trip has expenses, and says why', () => {
    stubApi({});
    render(<HomeCurrencyField tripId="t1" home="JPY" changeable={false} onChanged={() => {}} />);
    expect(screen.getByLabelText('Trip currency')).toBeDisabled();
    expect(screen.getByLabelText('Trip currency')).toHaveAccessibleDescription(
      'Balances and settlements are in this currency. It can change only while the trip has no expenses.',
    );
  });

  it("shows the server's refusal", async () => {
    stubApi({ [PUT]: { status: 409, body: { error: 'The home currency can be changed only while empty' } } });
    render(<HomeCurrencyField tripId="t1" home="USD" changeable onChanged={() => {}} />);
    await userEvent.selectOptions(screen.getByLabelText('Trip currency'), 'GBP');
    expect(await screen.findByText('The home currency can be changed only while empty')).toBeVisible();
  });
});
