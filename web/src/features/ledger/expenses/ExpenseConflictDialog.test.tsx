import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPENSE_CHANGED, type Expense } from '@wayfare/contract';
import { inGerman, renderExpenseForm } from '@/test-support/expenseForms';
import { dinnerForThree } from '@/test-support/expenses';
import { stubApi, type StubRequest } from '@/test-support/stubApi';

const EDIT = 'PUT /api/trip-split/expenses/e1';
/** 14:02 in the test's time zone, whatever it is. */
const AT_1402 = new Date(2027, 3, 11, 14, 2).toISOString();

/** The dinner (version 1) as the form opens it, and Bob's version 2 with `changes`. */
function dinners(changes: Partial<Expense>) {
  const opened = { ...dinnerForThree(), version: 1 };
  const bobs = { ...opened, ...changes, version: 2, updated_at: AT_1402 };
  return { opened, bobs };
}

/** The API refusing the first save for Bob's version, then storing whatever comes next at version 3. */
function bobSavedFirst(bobs: Expense) {
  let saves = 0;
  return stubApi({
    [EDIT]: (request: StubRequest) => {
      saves += 1;
      if (saves === 1) {
        return {
          status: 412,
          body: {
            error: EXPENSE_CHANGED,
            expense: bobs,
            changed_by: { user_id: 'u-bob', first_name: 'Bob', last_name: 'Doe' },
            changed_at: AT_1402,
          },
        };
      }
      const { title } = request.body as { title: string };
      return { body: { expense: { ...bobs, title, version: 3 } } };
    },
    'GET /api/trip-split/trips/t1/expenses': { body: { expenses: [] } },
  });
}

async function retitle(title: string) {
  const field = screen.getByLabelText(/^Title/);
  await userEvent.clear(field);
  await userEvent.type(field, title);
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  return screen.findByRole('dialog', { name: 'This expense was changed' });
}

describe('an edit someone else saved first', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the version it was opened on, and shows who changed what beside your change', async () => {
    inGerman();
    const { opened, bobs } = dinners({ expense_date: '2027-04-12' });
    const requests = bobSavedFirst(bobs);
    const onClose = renderExpenseForm({ expense: opened });
    const dialog = await retitle('Supper');
    expect(requests[0]?.headers.get('If-Match')).toBe('"1"');
    expect(within(dialog).getByText(/Bob Doe changed this expense at 14:02/)).toBeVisible();
    const rows = within(dialog)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['FieldBobYou', 'TitleDinnerSupper', 'Date2027-04-122027-04-11']);
    expect(onClose).not.toHaveBeenCalled();
  });

  it.each([
    // Yours over theirs: their date goes.
    ['Keep mine', '2027-04-11'],
    // Their changes and yours on the fields only you changed: your title, their date.
    ['Combine', '2027-04-12'],
  ])('%s sends the chosen body again on their version', async (choice, date) => {
    const { opened, bobs } = dinners({ expense_date: '2027-04-12' });
    const requests = bobSavedFirst(bobs);
    const onClose = renderExpenseForm({ expense: opened });
    const dialog = await retitle('Supper');
    await userEvent.click(within(dialog).getByRole('button', { name: choice }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[1]?.headers.get('If-Match')).toBe('"2"');
    expect(requests[1]?.body).toMatchObject({ title: 'Supper', expense_date: date });
  });

  it.each([
    [
      'Take theirs',
      (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Take theirs' })),
    ],
    // What the browser does on Escape (jsdom does not): the dialog's cancel event.
    ['Escape', (dialog: HTMLElement) => fireEvent(dialog, new Event('cancel', { cancelable: true }))],
  ])(
    'offers no Combine when both changed the same field; %s closes with theirs, sending nothing',
    async (_how, close) => {
      const { opened, bobs } = dinners({ title: 'Tapas' });
      const requests = bobSavedFirst(bobs);
      const onClose = renderExpenseForm({ expense: opened });
      const dialog = await retitle('Supper');
      expect(within(dialog).queryByRole('button', { name: 'Combine' })).toBeNull();
      expect(within(dialog).getByRole('button', { name: 'Keep mine' })).toHaveFocus();
      await close(dialog);
      await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    },
  );
});
