import type { FormEvent } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';

describe('Button', () => {
  it('keeps focus and its place in the tab order while loading, and ignores clicks, Enter and Space', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <>
        <input aria-label="Before" />
        <Button onClick={onClick}>Calculate</Button>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <>
        <input aria-label="Before" />
        <Button onClick={onClick} loading loadingText="Calculating...">
          Calculate
        </Button>
      </>,
    );
    const busy = screen.getByRole('button', { name: 'Calculating...' });
    expect(busy).toHaveFocus();
    expect(busy).not.toBeDisabled();
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');

    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await userEvent.click(busy);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(busy).toHaveFocus();

    screen.getByLabelText('Before').focus();
    await userEvent.tab();
    expect(busy).toHaveFocus();
  });

  it('does not submit its form again while loading, by a click or by Enter in a field', async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const form = (loading: boolean) => (
      <form onSubmit={onSubmit}>
        <input aria-label="Email" />
        <Button type="submit" loading={loading} loadingText="Adding...">
          Add Participant
        </Button>
      </form>
    );
    const { rerender } = render(form(false));
    await userEvent.click(screen.getByRole('button', { name: 'Add Participant' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);

    rerender(form(true));
    const busy = screen.getByRole('button', { name: 'Adding...' });
    expect(busy).toHaveFocus();
    await userEvent.click(busy);
    await userEvent.keyboard('{Enter}');
    await userEvent.type(screen.getByLabelText('Email'), 'ana{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);

    rerender(form(false));
    await userEvent.click(screen.getByRole('button', { name: 'Add Participant' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('is still disabled, and out of the tab order, when disabled for another reason than loading', () => {
    render(<Button disabled>Add Plan</Button>);
    const button = screen.getByRole('button', { name: 'Add Plan' });
    expect(button).toBeDisabled();
    expect(button).not.toHaveAttribute('aria-disabled');
  });
});
