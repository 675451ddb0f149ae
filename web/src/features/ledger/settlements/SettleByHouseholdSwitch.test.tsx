import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers, testQueryClient } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { SETTLE_BY_HOUSEHOLD_HINT, SettleByHouseholdSwitch } from './SettleByHouseholdSwitch';

const LIST = 'GET /api/trip-split/trips/t1/households';
const SET = 'PUT /api/trip-split/trips/t1/settle-by-household';

function renderSwitch() {
  render(
    <Providers queryClient={testQueryClient()}>
      <SettleByHouseholdSwitch tripId="t1" />
    </Providers>,
  );
}

describe('SettleByHouseholdSwitch', () => {
  it('shows the trip’s setting with its explanation, and turns it on for everyone', async () => {
    let on = false;
    const requests = stubApi({
      [LIST]: () => ({ body: { settle_by_household: on, households: [] } }),
      [SET]: ({ body }) => {
        on = (body as { settle_by_household: boolean }).settle_by_household;
        return { body: { settle_by_household: on } };
      },
    });
    renderSwitch();
    const control = screen.getByRole('switch', { name: 'Settle by household' });
    expect(control).toBeDisabled();
    await waitFor(() => expect(control).toBeEnabled());
    expect(control).not.toBeChecked();
    expect(control).toHaveAccessibleDescription(
      `${SETTLE_BY_HOUSEHOLD_HINT} Make households on the Participants tab.`,
    );
    control.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(control).toBeChecked());
    await waitFor(() => expect(control).toBeEnabled());
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { settle_by_household: true },
    ]);
  });

  it('says so when the change fails, and stays as it was', async () => {
    stubApi({
      [LIST]: { body: { settle_by_household: false, households: [] } },
      [SET]: { status: 404, body: { error: 'Trip not found' } },
    });
    renderSwitch();
    const control = screen.getByRole('switch', { name: 'Settle by household' });
    await waitFor(() => expect(control).toBeEnabled());
    await userEvent.click(control);
    expect(await screen.findByText('Trip not found')).toBeVisible();
    expect(control).not.toBeChecked();
  });
});
