import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DailyPlan } from '@wayfare/contract';
import { Providers } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { AddPlanForm } from './AddPlanForm';

const DATES = ['2027-03-05', '2027-03-06'];

function renderForm(onAdded = vi.fn()) {
  render(
    <Providers>
      <AddPlanForm tripId="t1" dates={DATES} onAdded={onAdded} />
    </Providers>,
  );
  return onAdded;
}

async function openForm() {
  await userEvent.click(screen.getByRole('button', { name: 'Add New Plan' }));
  // The form's module loads on first open (the first time in a test run takes a few seconds to compile).
  return screen.findByRole('button', { name: 'Add Plan' });
}

describe('AddPlanForm', () => {
  it('enables Add Plan only once a category and a non-blank title are given', async () => {
    renderForm();
    const add = await openForm();
    expect(add).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Restaurant' }));
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Title'), '   ');
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Title'), 'Dinner');
    expect(add).toBeEnabled();
  });

  it('asks for a start time before a duration, and whole minutes from 1 to 1440', async () => {
    renderForm();
    const add = await openForm();
    await userEvent.click(screen.getByRole('radio', { name: 'Restaurant' }));
    await userEvent.type(screen.getByLabelText('Title'), 'Dinner');
    const duration = screen.getByLabelText('Duration in minutes (optional)');
    expect(duration).toBeDisabled();
    expect(duration).toHaveAccessibleDescription('Set a start time first');

    await userEvent.type(screen.getByLabelText('Start time (optional)'), '19:30');
    expect(duration).toBeEnabled();
    await userEvent.type(duration, '0');
    expect(duration).toHaveAccessibleDescription('Enter whole minutes from 1 to 1440');
    expect(duration).toBeInvalid();
    expect(add).toBeDisabled();
    await userEvent.clear(duration);
    await userEvent.type(duration, '90');
    expect(duration).toBeValid();
    expect(add).toBeEnabled();

    // Clearing the start time clears the duration: a duration needs a start.
    await userEvent.clear(screen.getByLabelText('Start time (optional)'));
    expect(duration).toHaveValue(null);
    expect(duration).toBeDisabled();
  });

  it('sends the plan for the chosen day, then closes and says it was added', async () => {
    const plan = { id: 'p1', title: 'Dinner' } as DailyPlan;
    const requests = stubApi({ 'POST /api/trips/t1/daily-plans': { status: 201, body: plan } });
    const onAdded = renderForm();
    await openForm();
    await userEvent.selectOptions(screen.getByLabelText('Day'), '2027-03-06');
    await userEvent.click(screen.getByRole('radio', { name: 'Restaurant' }));
    await userEvent.type(screen.getByLabelText('Title'), '  Dinner ');
    await userEvent.type(screen.getByLabelText('Start time (optional)'), '19:30');
    await userEvent.type(screen.getByLabelText('Duration in minutes (optional)'), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Add Plan' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Plan Added Successfully!');
    expect(requests[0]?.body).toEqual({
      plan_date: '2027-03-06',
      category: 'Restaurant',
      title: 'Dinner',
      description: '',
      start_time: '19:30',
      duration_minutes: 90,
    });
    expect(onAdded).toHaveBeenCalledWith(plan);
    const toggle = screen.getByRole('button', { name: 'Add New Plan' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The form is gone: focus goes back to the button that opened it, not to the page's start.
    expect(toggle).toHaveFocus();
  });

  it('closes on Cancel and gives focus back to Add New Plan', async () => {
    renderForm();
    await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const toggle = screen.getByRole('button', { name: 'Add New Plan' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it("shows the server's refusal and keeps the form", async () => {
    stubApi({
      'POST /api/trips/t1/daily-plans': { status: 400, body: { error: 'Plan date is outside the trip' } },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderForm();
    await openForm();
    await userEvent.click(screen.getByRole('radio', { name: 'Attraction' }));
    await userEvent.type(screen.getByLabelText('Title'), 'Prado');
    await userEvent.click(screen.getByRole('button', { name: 'Add Plan' }));
    const form = screen.getByRole('button', { name: 'Add Plan' }).closest('form')!;
    expect(await within(form).findByText('Plan date is outside the trip')).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveValue('Prado');
  });
});
