import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Participant } from '@wayfare/contract';
import { queryKeys } from '@/shared/query/queryKeys';
import { participant } from '@/test-support/people';
import { Providers, testQueryClient } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { AddParticipantForm } from './AddParticipantForm';

const BEA = participant('Bea');
const ADDED = { status: 201, body: { outcome: 'added', participant: BEA } };
const INVITED = {
  status: 202,
  body: {
    outcome: 'invited',
    invitation: { trip_id: 't1', user_id: 'u-bea', username: 'bea', invited_at: '2027-03-01T10:00:00.000Z' },
    message: '@bea chooses who can add them to a trip, so they were sent an invitation instead.',
  },
};
const ADDED_TEXT = 'Bea Doe (@bea) was added to the trip.';

function renderForm(onAdded = vi.fn(), Form = AddParticipantForm, queryClient = testQueryClient()) {
  render(
    <Providers queryClient={queryClient}>
      <Form tripId="t1" onAdded={onAdded} />
    </Providers>,
  );
  return { onAdded, field: screen.getByLabelText('Email or username') };
}

/** The form's logic loads on a pointer over it (or focus in it); until then the same markup stands in. */
async function renderLoadedForm(onAdded = vi.fn()) {
  renderForm(onAdded);
  await userEvent.hover(screen.getByRole('button', { name: 'Add Participant' }));
  await act(() => vi.dynamicImportSettled());
  return { onAdded, field: screen.getByLabelText('Email or username') };
}

/** A fresh copy of the component, whose logic has not loaded yet. */
async function freshForm() {
  vi.resetModules();
  return (await import('./AddParticipantForm')).AddParticipantForm;
}

const add = () => userEvent.click(screen.getByRole('button', { name: 'Add Participant' }));

describe('AddParticipantForm', () => {
  it("refuses a blank identifier with the spec's message, at the field, and sends nothing", async () => {
    const requests = stubApi({});
    const { field } = await renderLoadedForm();
    await userEvent.type(field, '   ');
    await add();
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('Provide an email or a username');
    expect(requests).toHaveLength(0);
  });

  it('adds by email when the text looks like one, by username otherwise, says who was added and lists them', async () => {
    const requests = stubApi({ 'POST /api/trip-split/trips/t1/participants': ADDED });
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.participants('t1'), [participant('Ana', { is_owner: true })]);
    const onAdded = vi.fn();
    renderForm(onAdded, AddParticipantForm, queryClient);
    await userEvent.hover(screen.getByRole('button', { name: 'Add Participant' }));
    await act(() => vi.dynamicImportSettled());
    const field = screen.getByLabelText('Email or username');
    await userEvent.type(field, ' Bea@Example.com ');
    await add();
    expect(await screen.findByText(ADDED_TEXT)).toBeVisible();
    expect(field).toHaveValue('');
    // Listed at once in the trip's participants (the list the page shows), not only when a live notice comes.
    expect(
      queryClient.getQueryData<Participant[]>(queryKeys.participants('t1'))?.map((p) => p.username),
    ).toEqual(['ana', 'bea']);
    await userEvent.type(field, 'bea_travels');
    await add();
    expect(requests.map((request) => request.body)).toEqual([
      { email: 'Bea@Example.com' },
      { username: 'bea_travels' },
    ]);
    expect(queryClient.getQueryData<Participant[]>(queryKeys.participants('t1'))).toHaveLength(2);
    expect(onAdded).toHaveBeenCalledTimes(2);
  });

  it("says plainly when the person's own setting made the add an invitation", async () => {
    stubApi({ 'POST /api/trip-split/trips/t1/participants': INVITED });
    const { field, onAdded } = await renderLoadedForm();
    await userEvent.type(field, 'bea');
    await add();
    expect(await screen.findByText(INVITED.body.message)).toBeVisible();
    expect(screen.queryByText(ADDED_TEXT)).toBeNull();
    expect(onAdded).toHaveBeenCalledOnce();
  });

  it("shows the server's refusal under the field", async () => {
    stubApi({
      'POST /api/trip-split/trips/t1/participants': { status: 404, body: { error: 'No such user' } },
    });
    const { field } = await renderLoadedForm();
    await userEvent.type(field, 'nobody');
    await add();
    expect(await screen.findByText('No such user')).toBeVisible();
    expect(field).toBeInvalid();
  });

  it('keeps what was typed, and the focus, while its logic loads', async () => {
    const requests = stubApi({ 'POST /api/trip-split/trips/t1/participants': ADDED });
    const { field } = renderForm(vi.fn(), await freshForm());
    // Text that arrives before the logic is asked for (an autofill), then focus: the logic loads.
    fireEvent.change(field, { target: { value: 'bea' } });
    act(() => field.focus());
    await act(() => vi.dynamicImportSettled());
    const loaded = screen.getByLabelText('Email or username');
    expect(loaded).toHaveValue('bea');
    expect(loaded).toHaveFocus();
    await userEvent.type(loaded, '_travels');
    await add();
    expect(await screen.findByText(ADDED_TEXT)).toBeVisible();
    expect(requests.map((request) => request.body)).toEqual([{ username: 'bea_travels' }]);
  });

  it('keeps the focus on Add Participant when it was pressed before its logic arrived', async () => {
    stubApi({
      'POST /api/trip-split/trips/t1/participants': { status: 404, body: { error: 'No such user' } },
    });
    const { field } = renderForm(vi.fn(), await freshForm());
    fireEvent.change(field, { target: { value: 'nobody' } });
    // A keyboard user on a slow phone: Enter on the button while the form's logic is still on its way.
    await act(async () => {
      const button = screen.getByRole('button', { name: 'Add Participant' });
      button.focus();
      button.closest('form')?.requestSubmit();
      await vi.dynamicImportSettled();
    });
    expect(await screen.findByText('No such user')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add Participant' })).toHaveFocus();
  });

  it('sends a submit made before its logic arrived once it has, checked by the schema', async () => {
    const requests = stubApi({});
    const Form = await freshForm();
    renderForm(vi.fn(), Form);
    // A submit with no pointer over the form and no focus in it first (Enter from a form-filling tool, say).
    await act(async () => {
      screen.getByRole('button', { name: 'Add Participant' }).closest('form')?.requestSubmit();
      await vi.dynamicImportSettled();
    });
    const field = screen.getByLabelText('Email or username');
    expect(field).toHaveAccessibleDescription('Provide an email or a username');
    expect(field).toHaveFocus();
    expect(requests).toHaveLength(0);
  });
});
