import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GUEST_NAME_REQUIRED, guestNameTaken, type Participant } from '@wayfare/contract';
import { queryKeys } from '@/shared/query/queryKeys';
import { guest, participant } from '@/test-support/people';
import { Providers, testQueryClient } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { AddGuestForm } from './AddGuestForm';

const ADD = 'POST /api/trip-split/trips/t1/participants';
const JOE = guest('Grandpa Joe');

function renderForm(queryClient = testQueryClient()) {
  render(
    <Providers queryClient={queryClient}>
      <AddGuestForm tripId="t1" />
    </Providers>,
  );
  return queryClient;
}

/** Opens the form as a member would; the Name field has the focus then. */
async function openForm() {
  await userEvent.click(screen.getByRole('button', { name: 'Add someone without an account' }));
  const field = screen.getByLabelText('Name');
  expect(field).toHaveFocus();
  return field;
}

const addGuest = () => userEvent.click(screen.getByRole('button', { name: 'Add guest' }));

describe('AddGuestForm', () => {
  it('adds a guest by the name typed, trimmed, and lists them at once', async () => {
    const requests = stubApi({ [ADD]: { status: 201, body: { outcome: 'added', participant: JOE } } });
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.participants('t1'), [participant('Ana', { is_owner: true })]);
    renderForm(queryClient);
    expect(screen.queryByLabelText('Name')).toBeNull();
    const field = await openForm();
    await userEvent.type(field, '  Grandpa Joe ');
    await addGuest();
    expect(await screen.findByText('Grandpa Joe was added as a guest.')).toBeVisible();
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/trip-split/trips/t1/participants', { guest_name: 'Grandpa Joe' }],
    ]);
    expect(field).toHaveValue('');
    expect(
      queryClient.getQueryData<Participant[]>(queryKeys.participants('t1'))?.map((p) => p.display_name),
    ).toEqual(['Ana Doe', 'Grandpa Joe']);
  });

  it("refuses a blank name with the contract's message, at the field, and sends nothing", async () => {
    const requests = stubApi({});
    renderForm();
    const field = await openForm();
    await userEvent.type(field, '   ');
    await addGuest();
    expect(field).toHaveFocus();
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(GUEST_NAME_REQUIRED);
    expect(requests).toHaveLength(0);
  });

  it("shows the server's refusal under the field and keeps the name to fix it", async () => {
    const taken = guestNameTaken('Grandpa Joe');
    stubApi({ [ADD]: { status: 409, body: { error: taken } } });
    renderForm();
    const field = await openForm();
    await userEvent.type(field, 'grandpa joe{Enter}');
    expect(await screen.findByText(taken)).toBeVisible();
    expect(field).toHaveAccessibleDescription(taken);
    expect(field).toHaveValue('grandpa joe');
    expect(field).toHaveFocus();
  });

  it('says it is adding while the request is on its way', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    stubApi({ [ADD]: () => new Promise((resolve) => (answer = resolve)) });
    renderForm();
    await userEvent.type(await openForm(), 'Grandpa Joe');
    await addGuest();
    expect(screen.getByRole('button', { name: 'Adding...' })).toHaveAttribute('aria-busy', 'true');
    answer({ status: 201, body: { outcome: 'added', participant: JOE } });
    expect(await screen.findByRole('button', { name: 'Add guest' })).not.toHaveAttribute('aria-busy');
  });
});
