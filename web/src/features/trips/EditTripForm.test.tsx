import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { tripView } from '@/test-support/trips';
import { EditTripForm } from './EditTripForm';

const TRIP = tripView({
  description: 'Tiles and custard tarts',
  start_date: '2027-03-05',
  end_date: '2027-03-09',
});

function Landed() {
  return <p>Landed on {useLocation().pathname}</p>;
}

function renderForm() {
  render(
    <Providers path="/trips/t1/edit">
      <Routes>
        <Route path="/trips/t1/edit" element={<EditTripForm trip={TRIP} />} />
        <Route path="/trips/t1" element={<Landed />} />
      </Routes>
    </Providers>,
  );
}

const update = () => screen.getByRole('button', { name: 'Update Trip' });

describe('EditTripForm', () => {
  it('shows the trip as it is, its range in words', async () => {
    renderForm();
    expect(screen.getByLabelText('Trip name')).toHaveValue('Lisbon');
    expect(screen.getByLabelText('Description')).toHaveValue('Tiles and custard tarts');
    expect(screen.getByRole('group', { name: 'Dates Mar 5 – Mar 9, 2027' })).toBeVisible();
  });

  it('requires a name and a description: checked on submit, the first focused, then checked as typed', async () => {
    const requests = stubApi({});
    renderForm();
    await userEvent.clear(screen.getByLabelText('Trip name'));
    await userEvent.clear(screen.getByLabelText('Description'));
    expect(screen.getByLabelText('Trip name')).not.toHaveAttribute('aria-invalid'); // nothing said before the first submit
    await userEvent.click(update());

    const name = screen.getByLabelText('Trip name');
    // The form's check is asynchronous: its messages show once it has ended, not in the click's own turn.
    await waitFor(() => expect(name).toHaveAccessibleDescription('Trip name is required'));
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Description is required');
    expect(requests).toHaveLength(0);

    await userEvent.type(name, 'Porto');
    expect(name).toBeValid();
    expect(screen.getByLabelText('Description')).toBeInvalid();
  });

  it('refuses a range that does not end after it starts, at the dates', async () => {
    const requests = stubApi({});
    renderForm();
    await screen.findByRole('button', { name: 'Next month' });
    const days = document.querySelectorAll<HTMLElement>('.rdrDay:not(.rdrDayPassive):not(.rdrDayDisabled)');
    const day = days[days.length - 1] as HTMLElement;
    // One day chosen twice: a range that starts and ends on the same day.
    await userEvent.click(day);
    await userEvent.click(day);
    await userEvent.click(update());

    const dates = screen.getByRole('group', { name: /^Dates Mar 31 – Mar 31, 2027$/ });
    expect(dates).toHaveFocus();
    expect(dates).toHaveAccessibleDescription('The trip must end after it starts.');
    expect(requests).toHaveLength(0);
  });

  it('sends the checked fields as multipart, then opens the trip', async () => {
    const requests = stubApi({ 'PUT /api/trips/t1': { body: TRIP } });
    renderForm();
    await userEvent.clear(screen.getByLabelText('Trip name'));
    await userEvent.type(screen.getByLabelText('Trip name'), '  Porto ');
    await userEvent.click(update());

    expect(await screen.findByText('Landed on /trips/t1')).toBeVisible();
    expect(requests[0]?.body).toEqual({
      trip_name: 'Porto',
      description: 'Tiles and custard tarts',
      start_date: '2027-03-05',
      end_date: '2027-03-09',
    });
  });

  it("says the update failed, with the server's reason, and lets the person try again", async () => {
    stubApi({ 'PUT /api/trips/t1': { status: 403, body: { error: 'Only members may edit this trip' } } });
    renderForm();
    await userEvent.click(update());

    expect(await screen.findByText('Failed to update trip.')).toBeVisible();
    expect(screen.getByText('Only members may edit this trip')).toBeVisible();
    expect(update()).toBeEnabled();
  });
});
