import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Field, MoneyInput, Select, TextArea, TextInput } from './Field';
import { typedAmountField } from '../forms/typed-amount-field';

describe('the field primitives', () => {
  it('tie the label, and the hint until there is an error, to the control', () => {
    const { rerender } = render(<TextInput label="Title" hint="A few words" />);
    const title = screen.getByLabelText('Title');
    expect(title).toHaveAccessibleDescription('A few words');
    expect(title).toBeValid();

    rerender(<TextInput label="Title" hint="A few words" error="Title is required" />);
    expect(title).toBeInvalid();
    expect(title).toHaveAccessibleDescription('Title is required');
    expect(screen.queryByText('A few words')).toBeNull();
  });

  it('mark optional fields, and pass refs and props to selects and text areas', () => {
    const select = createRef<HTMLSelectElement>();
    const area = createRef<HTMLTextAreaElement>();
    render(
      <>
        <Select label="Day" ref={select} defaultValue="2">
          <option value="1">One</option>
          <option value="2">Two</option>
        </Select>
        <TextArea label="Description" optional ref={area} maxLength={20} />
      </>,
    );
    expect(select.current).toBe(screen.getByLabelText('Day'));
    expect(select.current).toHaveValue('2');
    expect(area.current).toBe(screen.getByLabelText('Description (optional)'));
    expect(area.current).toHaveAttribute('maxlength', '20');
  });

  it('name a group control (a calendar) by the label and describe it by the error', () => {
    render(
      <Field group label="Dates" error="The trip must end after it starts.">
        {(control) => <div {...control} />}
      </Field>,
    );
    expect(screen.getByRole('group', { name: 'Dates' })).toHaveAccessibleDescription(
      'The trip must end after it starts.',
    );
  });

  it('take amounts as typed in the locale, for a schema to read with readTypedAmount', async () => {
    render(<MoneyInput label="Amount (€)" />);
    const amount = screen.getByLabelText('Amount (€)');
    expect(amount).toHaveAttribute('type', 'text');
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(amount, '1.234,56');
    expect(typedAmountField('de-DE', 'Enter a valid amount').parse((amount as HTMLInputElement).value)).toBe(
      123456,
    );
  });
});
