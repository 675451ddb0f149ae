import { useEffect, useRef } from 'react';
import { format, parseISO } from 'date-fns';
import { Link2, Link2Off } from 'lucide-react';
import type { Participant } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { Button } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import { personName } from '../categories';
import { CopyLinkField } from '../invite-links/CopyLinkField';
import { useCreateGuestClaimLink, useRevokeGuestClaimLink } from './participantMutations';
import styles from './GuestClaimLink.module.css';

const until = (iso: string) => format(parseISO(iso), 'MMM d, yyyy');

/** Where focus goes once the button pressed has left with what it did. */
const FOCUS_TARGET = { link: 'input', invite: '[data-focus="invite"]' } as const;

/**
 * "Invite to claim" on a guest's row, for any member: makes the guest's claim link (/claim/{token}) to send them.
 * Whoever opens it and signs in becomes that person in the ledger. Like the trip's invite link it is shown once,
 * to whoever made it; inviting again (after a reload, say) replaces it, and "Turn off link" stops it.
 */
export function GuestClaimLink({ tripId, guest }: { tripId: string; guest: Participant }) {
  const name = personName(guest);
  const creation = useCreateGuestClaimLink(tripId);
  const revocation = useRevokeGuestClaimLink(tripId);
  const link = creation.data;
  const box = useRef<HTMLDivElement>(null);
  const focusNext = useRef<keyof typeof FOCUS_TARGET | null>(null);
  useEffect(() => {
    const target =
      focusNext.current && box.current?.querySelector<HTMLElement>(FOCUS_TARGET[focusNext.current]);
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });

  const invite = () => {
    revocation.reset();
    creation.mutate(guest.user_id, { onSuccess: () => (focusNext.current = 'link') });
  };
  const turnOff = () =>
    revocation.mutate(guest.user_id, {
      onSuccess: () => {
        focusNext.current = 'invite';
        creation.reset();
      },
    });

  const url = link && `${window.location.origin}${link.path}`;
  return (
    <div ref={box} className={styles.claim}>
      {creation.isError && (
        <Notice tone="error">{errorMessage(creation.error, 'Failed to create the claim link')}</Notice>
      )}
      {revocation.isError && (
        <Notice tone="error">{errorMessage(revocation.error, 'Failed to turn off the link')}</Notice>
      )}
      {url ? (
        <>
          <p className={styles.text}>
            {name} can open this link, sign in or sign up, and take over this place in the trip.
          </p>
          <CopyLinkField
            key={url}
            label={`Claim link for ${name}`}
            name="claim-link"
            url={url}
            hint={`Shown only now: copy it and send it to ${name}. It works until ${until(link.expires_at)}.`}
          />
          <div className={styles.actions}>
            <Button
              variant="ghost"
              loading={revocation.isPending}
              loadingText="Turning off…"
              onClick={turnOff}
            >
              <Link2Off size={18} aria-hidden="true" /> Turn off link
            </Button>
          </div>
        </>
      ) : (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            loading={creation.isPending}
            loadingText="Creating…"
            aria-label={`Invite to claim: ${name}`}
            data-focus="invite"
            onClick={invite}
          >
            <Link2 size={18} aria-hidden="true" /> Invite to claim
          </Button>
        </div>
      )}
    </div>
  );
}
