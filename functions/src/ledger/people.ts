/** How the ledger's use cases show people: participants, invitations, and the names of everyone a ledger mentions. */
import type { LedgerPerson, Participant, TripInvitation } from '@wayfare/contract';
import type { InvitationRecord, MemberRecord, Store } from '../store/types';

export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

export function toParticipant(member: MemberRecord): Participant {
  return {
    id: `${member.trip_id}:${member.user_id}`,
    user_id: member.user_id,
    display_name: fullName(member) || member.username,
    first_name: member.first_name,
    last_name: member.last_name,
    email: member.email,
    user_email: member.email,
    username: member.username,
    joined_at: member.joined_at,
    is_owner: member.role === 'owner',
    is_guest: member.is_guest,
    weight: member.weight,
  };
}

export const toInvitation = (invitation: InvitationRecord & { username: string }): TripInvitation => ({
  trip_id: invitation.trip_id,
  user_id: invitation.user_id,
  username: invitation.username,
  invited_at: invitation.created_at,
});

/**
 * Names for everyone a trip's ledger mentions: its members, plus anyone no longer a member (looked up, and marked
 * as having left).
 */
export async function peopleOf(store: Store, members: MemberRecord[], userIds: Iterable<string>) {
  const people = new Map<string, LedgerPerson>(
    members.map((m) => [
      m.user_id,
      {
        user_id: m.user_id,
        first_name: m.first_name,
        last_name: m.last_name,
        email: m.email,
        is_guest: m.is_guest,
        left: false,
      },
    ]),
  );
  const missing = [...new Set(userIds)].filter((id) => !people.has(id));
  const users = await Promise.all(missing.map((id) => store.users.findById(id)));
  users.forEach((user, index) => {
    const id = missing[index] as string;
    people.set(
      id,
      user
        ? {
            user_id: id,
            first_name: user.first_name,
            last_name: user.last_name,
            email: user.email,
            is_guest: user.guest_trip_id !== undefined,
            left: true,
          }
        : { user_id: id, first_name: 'Former', last_name: 'member', email: '', is_guest: false, left: true },
    );
  });
  return (id: string) => people.get(id) as LedgerPerson;
}
