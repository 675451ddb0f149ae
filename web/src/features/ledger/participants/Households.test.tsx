import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HOUSEHOLD_MEMBERS_REQUIRED,
  HOUSEHOLD_NAME_REQUIRED,
  alreadyInHousehold,
  type Household,
} from '@wayfare/contract';
import { guest, participant } from '@/test-support/people';
import { Providers, testQueryClient } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { Households, deleteHouseholdConfirm } from './Households';

const LIST = 'GET /api/trip-split/trips/t1/households';
const CREATE = 'POST /api/trip-split/trips/t1/households';
const ANA = participant('Ana', { is_owner: true });
const BEA = participant('Bea');
const JOE = guest('Grandpa Joe');
const PEOPLE = [ANA, BEA, JOE];

const household = (extra: Partial<Household> = {}): Household => ({
  id: 'h1',
  trip_id: 't1',
  name: 'Ana & Bea',
  payer_user_id: ANA.user_id,
  member_ids: [ANA.user_id, BEA.user_id],
  created_at: '2027-01-01T00:00:00.000Z',
  updated_at: '2027-01-01T00:00:00.000Z',
  ...extra,
});

function renderSection() {
  render(
    <Providers queryClient={testQueryClient()}>
      <Households tripId="t1" participants={PEOPLE} />
    </Providers>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('Households', () => {
  it('says there are none yet, and makes one from a name, members and who pays', async () => {
    let listed: Household[] = [];
    const requests = stubApi({
      [LIST]: () => ({ body: { settle_by_household: false, households: listed } }),
      [CREATE]: ({ body }) => {
        listed = [household(body as Partial<Household>)];
        return { status: 201, body: { household: listed[0] } };
      },
    });
    renderSection();
    expect(screen.getByText('Loading households')).toBeInTheDocument();
    expect(await screen.findByText(/No households yet/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'New household' }));
    const dialog = screen.getByRole('dialog', { name: 'New household' });
    await userEvent.type(within(dialog).getByLabelText('Household name'), ' Bea & Joe ');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Bea Doe' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Grandpa Joe' }));
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Who pays and receives for the household'),
      'Grandpa Joe',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save household' }));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { name: 'Bea & Joe', member_ids: [BEA.user_id, JOE.user_id], payer_user_id: JOE.user_id },
    ]);
    const list = await screen.findByRole('list', { name: 'Households' });
    expect(within(list).getByText('Bea & Joe')).toBeVisible();
    expect(within(list).getByText('Bea Doe, Grandpa Joe · Grandpa Joe pays')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("refuses a household without a name or members with the contract's messages, sending nothing", async () => {
    const requests = stubApi({ [LIST]: { body: { settle_by_household: false, households: [] } } });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'New household' }));
    const dialog = screen.getByRole('dialog', { name: 'New household' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save household' }));
    expect(within(dialog).getByLabelText('Household name')).toHaveAccessibleDescription(
      HOUSEHOLD_NAME_REQUIRED,
    );
    expect(within(dialog).getByText(HOUSEHOLD_MEMBERS_REQUIRED)).toBeVisible();
    expect(requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('shows who is in another household as such, and the server’s refusal in the form', async () => {
    stubApi({
      [LIST]: { body: { settle_by_household: true, households: [household()] } },
      [CREATE]: { status: 409, body: { error: alreadyInHousehold('Ana & Bea') } },
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'New household' }));
    const dialog = screen.getByRole('dialog', { name: 'New household' });
    expect(within(dialog).getByRole('checkbox', { name: 'Bea Doe (in Ana & Bea)' })).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Household name'), 'Joe');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Grandpa Joe' }));
    // One member: they pay, without choosing.
    expect(within(dialog).getByLabelText('Who pays and receives for the household')).toHaveValue(JOE.user_id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save household' }));
    expect(await within(dialog).findByText(alreadyInHousehold('Ana & Bea'))).toBeVisible();
  });

  it('edits a household in place and deletes one after asking', async () => {
    let listed = [household()];
    const requests = stubApi({
      [LIST]: () => ({ body: { settle_by_household: false, households: listed } }),
      'PUT /api/trip-split/trips/t1/households/h1': ({ body }) => {
        listed = [household(body as Partial<Household>)];
        return { body: { household: listed[0] } };
      },
      'DELETE /api/trip-split/trips/t1/households/h1': () => {
        listed = [];
        return { status: 204 };
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Ana & Bea' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Ana & Bea' });
    const name = within(dialog).getByLabelText('Household name');
    expect(name).toHaveValue('Ana & Bea');
    await userEvent.clear(name);
    await userEvent.type(name, 'The Does');
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Who pays and receives for the household'),
      'Bea Doe',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save household' }));
    expect(await screen.findByText('The Does')).toBeVisible();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'The Does',
      member_ids: [ANA.user_id, BEA.user_id],
      payer_user_id: BEA.user_id,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete The Does' }));
    expect(confirm).toHaveBeenCalledWith(deleteHouseholdConfirm('The Does'));
    expect(await screen.findByText(/No households yet/)).toBeVisible();
  });

  it('shows a failed read with a way to try again', async () => {
    stubApi({ [LIST]: { status: 500, body: { error: 'Something went wrong' } } });
    renderSection();
    expect(await screen.findByText('Something went wrong')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });
});
