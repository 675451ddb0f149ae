import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Participant } from '@wayfare/contract';
import { queryKeys } from '@/shared/query/queryKeys';
import { participant } from '@/test-support/people';
import { Providers, testQueryClient } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { makeOwnerConfirm, ParticipantList } from './ParticipantList';

// The session's user is Alice (test-support/session.tsx).
const ALICE = participant('Alice', { is_owner: true });
const BOB = participant('Bob');

function renderList(people: Participant[], queryClient = testQueryClient()) {
  render(
    <Providers queryClient={queryClient}>
      <ParticipantList tripId="t1" participants={people} invitations={[]} onLeft={() => {}} />
    </Providers>,
  );
  return queryClient;
}

describe('ParticipantList', () => {
  it('lets the owner make another participant the owner, after asking, in one request', async () => {
    const handedOver = [participant('Bob', { is_owner: true }), participant('Alice')];
    const requests = stubApi({
      'PUT /api/trip-split/trips/t1/owner': { body: { participants: handedOver } },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const queryClient = renderList([ALICE, BOB]);
    const list = screen.getByRole('list', { name: 'Participants' });
    expect(within(list).queryByRole('button', { name: 'Make Alice Doe the owner' })).toBeNull();
    const makeBob = within(list).getByRole('button', { name: 'Make Bob Doe the owner' });

    await userEvent.click(makeBob);
    expect(requests).toHaveLength(0);
    await userEvent.click(makeBob);
    expect(confirm).toHaveBeenLastCalledWith(makeOwnerConfirm('Bob Doe'));
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/trip-split/trips/t1/owner',
        body: { user_id: 'u-bob' },
      }),
    ]);
    expect(queryClient.getQueryData(queryKeys.participants('t1'))).toEqual(handedOver);
  });

  it("shows the server's refusal, and offers a participant no owner's actions", async () => {
    stubApi({ 'PUT /api/trip-split/trips/t1/owner': { status: 404, body: { error: 'Not on this trip' } } });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderList([ALICE, BOB]);
    await userEvent.click(screen.getByRole('button', { name: 'Make Bob Doe the owner' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not on this trip');
  });

  it('tells the owner who wants to leave to hand the trip over first, and lets a participant leave', async () => {
    renderList([ALICE, BOB]);
    await userEvent.click(screen.getByRole('button', { name: 'Leave Trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Trip' });
    expect(dialog).toHaveTextContent('You own this trip, so you cannot leave it.');
    expect(within(dialog).queryByRole('button', { name: 'Leave Trip' })).toBeNull();
  });

  it('offers a participant Leave Trip and none of the owner’s buttons', async () => {
    const requests = stubApi({ 'DELETE /api/trip-split/trips/t1/participants/u-alice': { status: 204 } });
    renderList([participant('Bob', { is_owner: true }), participant('Alice')]);
    expect(screen.queryByRole('button', { name: /the owner$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Leave Trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Trip' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave Trip' }));
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['DELETE', '/api/trip-split/trips/t1/participants/u-alice'],
    ]);
  });
});
