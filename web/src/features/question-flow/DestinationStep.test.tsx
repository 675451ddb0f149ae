import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test-support/stubApi';
import { DestinationStep } from './DestinationStep';

function renderStep(initial = '') {
  stubApi({ 'GET /api/places/cities': { body: { cities: [] } } });
  const onSubmit = vi.fn();
  render(<DestinationStep initial={initial} onSubmit={onSubmit} />);
  return { onSubmit, city: screen.getByRole('combobox', { name: 'Destination city' }) };
}

describe('DestinationStep', () => {
  it('answers with the typed city, trimmed, on Enter or Continue', async () => {
    const { onSubmit, city } = renderStep('  Porto ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenLastCalledWith('Porto', null);
    await userEvent.clear(city);
    await userEvent.type(city, 'Atlantis{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith('Atlantis', null);
  });

  it('says a blank answer is not a destination, at the input, until a city is typed', async () => {
    const { onSubmit, city } = renderStep();
    await userEvent.type(city, '   {Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(city).toHaveFocus();
    expect(city).toBeInvalid();
    expect(city).toHaveAccessibleDescription('Destination is required');
    await userEvent.type(city, 'Lima');
    expect(city).toBeValid();
    expect(city).not.toHaveAccessibleDescription();
  });
});
