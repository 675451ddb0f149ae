import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aliceAccount as me } from '@/test-support/people';
import { Providers } from '@/test-support/session';
import { heldAfterFirst, stubApi } from '@/test-support/stubApi';
import { AddPolicyModal } from './AddPolicyModal';

/** The account menu's part: a button opening the dialog, which closes after a save. */
function Setting() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open setting
      </button>
      {open && <AddPolicyModal open onClose={() => setOpen(false)} />}
    </>
  );
}

const NOBODY = 'Nobody — send me an invitation';

describe('AddPolicyModal: your own save shows at once', () => {
  it('opens again on the saved choice while the re-read of the account is still unanswered', async () => {
    const account = heldAfterFirst(me('anyone'));
    stubApi({
      'GET /api/auth/me': account.route,
      'PUT /api/auth/me/add-policy': { body: me('nobody') },
    });
    render(
      <Providers>
        <Setting />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open setting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Who can add me to a trip' });
    expect(await within(dialog).findByRole('radio', { name: 'Anyone' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: NOBODY }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Open setting' }));
    const again = await screen.findByRole('dialog', { name: 'Who can add me to a trip' });
    expect(within(again).getByRole('radio', { name: NOBODY })).toBeChecked();
    // It was read again on opening, and that read has not answered: the choice shown is the save's own answer.
    expect([account.reads(), account.held()]).toEqual([2, 1]);
    account.release(me('nobody'));
  });
});
