import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Types the receipt's lines: the item's name and amount, then taps the people who had it. */
export async function addLine(index: number, name: string, amount: string, people: string[]) {
  if (index > 0) await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
  await userEvent.type(screen.getByLabelText(`Name of item ${index + 1}`), name);
  await userEvent.type(screen.getByLabelText(`Price of ${name}`), amount);
  const who = screen.getByRole('group', { name: `Who had ${name}` });
  for (const person of people) await userEvent.click(within(who).getByRole('button', { name: person }));
}

export const unassigned = () => screen.getByText(/^Unassigned:/);
