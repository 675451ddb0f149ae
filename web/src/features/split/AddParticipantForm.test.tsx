import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../test-support/session';
import { stubApi } from '../../test-support/stubApi';
import { AddParticipantForm } from './AddParticipantForm';

const INVITED = { trip_id: 't1', user_id: 'u-bea', username: 'bea', invited_at: '2027-03-01T10:00:00.000Z' };

function renderForm(onAdded = vi.fn()) {
  render(
    <Providers>
      <AddParticipantForm tripId="t1" onAdded={onAdded} />
    </Providers>,
  );
  return { onAdded, field: screen.getByLabelText('Email or username') };
}

const add = () => userEvent.click(screen.getByRole('button', { name: 'Add Participant' }));

describe('AddParticipantForm', () => {
  it("refuses a blank identifier with the spec's message, at the field, and sends nothing", async () => {
    const requests = stubApi({});
    const { field } = renderForm();
    await userEvent.type(field, '   ');
    await add();
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('Provide an email or a username');
    expect(requests).toHaveLength(0);
  });

  it('invites by email when the text looks like one, by username otherwise, and says who was invited', async () => {
    const requests = stubApi({
      'POST /api/trip-split/trips/t1/participants': { status: 201, body: { invitation: INVITED } },
    });
    const { field, onAdded } = renderForm();
    await userEvent.type(field, ' Bea@Example.com ');
    await add();
    expect(await screen.findByText('@bea was invited. They join the trip once they accept.')).toBeVisible();
    expect(field).toHaveValue('');
    await userEvent.type(field, 'bea_travels');
    await add();
    expect(requests.map((request) => request.body)).toEqual([
      { email: 'Bea@Example.com' },
      { username: 'bea_travels' },
    ]);
    expect(onAdded).toHaveBeenCalledTimes(2);
  });

  it("shows the server's refusal under the field", async () => {
    stubApi({
      'POST /api/trip-split/trips/t1/participants': { status: 404, body: { error: 'No such user' } },
    });
    const { field } = renderForm();
    await userEvent.type(field, 'nobody');
    await add();
    expect(await screen.findByText('No such user')).toBeVisible();
    expect(field).toBeInvalid();
  });
});
