import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AddPolicy } from '@wayfare/contract';
import { aliceAccount } from '@/test-support/people';
import { Providers } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { UserMenu } from './UserMenu';

const me = (add_policy: AddPolicy) => ({ body: aliceAccount(add_policy) });

async function openSetting() {
  render(
    <Providers>
      <UserMenu firstName="Alice" onLogout={() => {}} />
    </Providers>,
  );
  await userEvent.click(screen.getByRole('button', { name: /Alice/ }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Who can add me to a trip' }));
  await act(() => vi.dynamicImportSettled());
  return screen.findByRole('dialog', { name: 'Who can add me to a trip' });
}

describe('UserMenu: "Who can add me to a trip"', () => {
  it('shows the saved choice, saves another, and closes', async () => {
    const requests = stubApi({
      'GET /api/auth/me': me('anyone'),
      'PUT /api/auth/me/add-policy': me('nobody'),
    });
    const dialog = await openSetting();
    const group = within(dialog).getByRole('group', { name: 'Who can add you to a trip directly' });
    expect(await within(group).findByRole('radio', { name: 'Anyone' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: "People I've shared a trip with" })).not.toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: 'Nobody — send me an invitation' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/api/auth/me/add-policy',
      body: { add_policy: 'nobody' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a failed load with Try Again, and a refused save in the dialog', async () => {
    let loads = 0;
    stubApi({
      'GET /api/auth/me': () =>
        ++loads === 1 ? { status: 500, body: { error: 'Down for a moment' } } : me('shared_trip'),
      'PUT /api/auth/me/add-policy': { status: 400, body: { error: 'Choose who can add you to a trip' } },
    });
    const dialog = await openSetting();
    expect(await within(dialog).findByText('Down for a moment')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(
      await within(dialog).findByRole('radio', { name: "People I've shared a trip with" }),
    ).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose who can add you to a trip')).toBeVisible();
    expect(screen.getByRole('dialog')).toBeVisible();
  });
});
