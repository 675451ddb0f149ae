import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NOT_A_GUEST, type Participant } from '@wayfare/contract';
import { queryKeys } from '@/shared/query/queryKeys';
import { guest, participant } from '@/test-support/people';
import { Providers, testQueryClient } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { makeOwnerConfirm, ParticipantList, REMOVE_PARTICIPANT_CONFIRM } from './ParticipantList';

// The session's user is Alice (test-support/session.tsx).
const ALICE = participant('Alice', { is_owner: true });
const BOB = participant('Bob');
const JOE = guest('Grandpa Joe');
const CLAIM_LINK = 'POST /api/trip-split/trips/t1/guests/u-grandpa-joe/claim-link';
const CLAIM_PATH = `/claim/${'c'.repeat(42)}A`;

const rowOf = (name: string) =>
  within(screen.getByRole('list', { name: 'Participants' }))
    .getAllByRole('listitem')
    .find((row) => row.textContent?.includes(name)) as HTMLElement;

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

  it("lets any participant set anyone's weight, shown as the server answered it", async () => {
    const requests = stubApi({
      'PUT /api/trip-split/trips/t1/participants/u-grandpa-joe/weight': {
        body: { participant: { ...JOE, weight: 4 } },
      },
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.participants('t1'), [BOB, JOE]);
    renderList([participant('Bob', { is_owner: true }), participant('Alice'), JOE], queryClient);
    const weight = within(rowOf('Grandpa Joe')).getByRole('combobox', { name: 'Weight of Grandpa Joe' });
    expect(weight).toHaveValue('1');

    await userEvent.selectOptions(weight, '4');
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/trip-split/trips/t1/participants/u-grandpa-joe/weight',
        body: { weight: 4 },
      }),
    ]);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.participants('t1'))).toEqual([BOB, { ...JOE, weight: 4 }]),
    );
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

  it('marks a guest, with no email or username, and lets any participant remove them after asking', async () => {
    const requests = stubApi({
      'DELETE /api/trip-split/trips/t1/participants/u-grandpa-joe': { status: 204 },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    // Alice is not the owner: she may not remove Bob, but she may remove the guest.
    renderList([participant('Bob', { is_owner: true }), participant('Alice'), JOE]);
    const joe = rowOf('Grandpa Joe');
    expect(within(joe).getByText('Guest')).toBeVisible();
    expect(joe).not.toHaveTextContent('@');
    expect(within(rowOf('Bob Doe')).queryByText('Guest')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Bob Doe' })).toBeNull();
    await userEvent.click(within(joe).getByRole('button', { name: 'Remove Grandpa Joe' }));
    expect(confirm).toHaveBeenCalledWith(REMOVE_PARTICIPANT_CONFIRM);
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['DELETE', '/api/trip-split/trips/t1/participants/u-grandpa-joe'],
    ]);
  });

  it('offers the owner no way to make a guest the owner', () => {
    renderList([ALICE, BOB, JOE]);
    expect(screen.getByRole('button', { name: 'Make Bob Doe the owner' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Make Grandpa Joe the owner' })).toBeNull();
  });

  it('invites a guest to claim their place: the link once, to copy, until it is turned off', async () => {
    const requests = stubApi({
      [CLAIM_LINK]: {
        status: 201,
        body: {
          link: { path: CLAIM_PATH, guest_id: 'u-grandpa-joe', expires_at: '2027-04-02T10:00:00.000Z' },
        },
      },
      'DELETE /api/trip-split/trips/t1/guests/u-grandpa-joe/claim-link': { status: 204 },
    });
    // A session of its own: its clipboard stub keeps what was copied until the test ends.
    const user = userEvent.setup();
    renderList([participant('Bob', { is_owner: true }), participant('Alice'), JOE]);
    const joe = rowOf('Grandpa Joe');
    await user.click(within(joe).getByRole('button', { name: 'Invite to claim: Grandpa Joe' }));

    const link = await within(joe).findByLabelText('Claim link for Grandpa Joe');
    const url = `${window.location.origin}${CLAIM_PATH}`;
    expect(link).toHaveValue(url);
    expect(link).toHaveFocus();
    expect(joe).toHaveTextContent(
      'Grandpa Joe can open this link, sign in or sign up, and take over this place in the trip.',
    );
    expect(link).toHaveAccessibleDescription(
      'Shown only now: copy it and send it to Grandpa Joe. It works until Apr 2, 2027.',
    );
    await user.click(within(joe).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(within(joe).getByRole('status')).toHaveTextContent('Link copied.');

    await user.click(within(joe).getByRole('button', { name: 'Turn off link' }));
    const invite = await within(joe).findByRole('button', { name: 'Invite to claim: Grandpa Joe' });
    expect(invite).toHaveFocus();
    expect(within(joe).queryByLabelText('Claim link for Grandpa Joe')).toBeNull();
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', '/api/trip-split/trips/t1/guests/u-grandpa-joe/claim-link'],
      ['DELETE', '/api/trip-split/trips/t1/guests/u-grandpa-joe/claim-link'],
    ]);
  });

  it("says why a claim link could not be made, in the guest's row", async () => {
    stubApi({ [CLAIM_LINK]: { status: 404, body: { error: NOT_A_GUEST } } });
    renderList([ALICE, JOE]);
    const joe = rowOf('Grandpa Joe');
    await userEvent.click(within(joe).getByRole('button', { name: 'Invite to claim: Grandpa Joe' }));
    expect(await within(joe).findByRole('alert')).toHaveTextContent(NOT_A_GUEST);
    expect(within(joe).getByRole('button', { name: 'Invite to claim: Grandpa Joe' })).toBeEnabled();
  });
});
