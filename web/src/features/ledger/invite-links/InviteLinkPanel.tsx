import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { Link2, Link2Off, RefreshCw } from 'lucide-react';
import { INVITE_LINK_DEFAULT_DAYS } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { lazyNamed } from '@/shared/lazyNamed';
import { queryKeys } from '@/shared/query/queryKeys';
import { Button } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import { LoadingState } from '@/shared/ui/Spinner';
import { joinPath } from '@/features/auth';
import { CopyLinkField } from './CopyLinkField';
import { useCreateInviteLink, useRevokeInviteLink } from './inviteLinkMutations';
import { ledgerApi } from '../ledgerApi';
import styles from './InviteLinkPanel.module.css';

// The QR code library loads when a new link is shown, not with the split page.
const QRCodeSVG = lazyNamed(() => import('qrcode.react'), 'QRCodeSVG');
const QR_SIZE = 144;

const usedBy = (uses: number) =>
  uses === 0
    ? 'Nobody has joined by it yet.'
    : `${uses} ${uses === 1 ? 'person has' : 'people have'} joined by it.`;
const until = (iso: string) => format(parseISO(iso), "MMM d, yyyy 'at' h:mm a");

/**
 * The trip's invite link (one per trip): any member makes it, shares it by copying or by its QR code, and may turn
 * it off. Whoever opens it while signed in joins the trip at once.
 */
export function InviteLinkPanel({ tripId }: { tripId: string }) {
  const creation = useCreateInviteLink(tripId);
  const revocation = useRevokeInviteLink(tripId);
  const queryKey = queryKeys.inviteLink(tripId);
  const read = useQuery({ queryKey, queryFn: ({ signal }) => ledgerApi.inviteLink(tripId, signal) });
  // Known only right after this page created the link: the server keeps its hash alone.
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState<'create' | 'revoke' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [onePerson, setOnePerson] = useState(false);

  const act = async (kind: 'create' | 'revoke') => {
    setBusy(kind);
    setActionError(null);
    try {
      if (kind === 'create') {
        const created = await creation.mutateAsync({ max_uses: onePerson ? 1 : null });
        setToken(created.token);
      } else {
        await revocation.mutateAsync();
        setToken(null);
      }
    } catch (err) {
      setActionError(
        errorMessage(
          err,
          kind === 'create' ? 'Failed to create the invite link' : 'Failed to turn off the link',
        ),
      );
    } finally {
      setBusy(null);
    }
  };

  const link = read.data;
  const url = link && token ? new URL(joinPath(token), window.location.origin).href : null;

  return (
    <section className={styles.panel} aria-labelledby="invite-link-title" aria-busy={read.isPending}>
      <h3 id="invite-link-title" className={styles.heading}>
        <Link2 size={18} aria-hidden="true" /> Invite by link
      </h3>
      {read.isPending && <LoadingState label="Loading the invite link" />}
      {read.isError && !link && (
        <Notice tone="error">{errorMessage(read.error, 'Failed to load the invite link')}</Notice>
      )}
      {actionError && <Notice tone="error">{actionError}</Notice>}
      {link === null && (
        <>
          <p className={styles.text}>
            Anyone who opens the link and signs in joins this trip at once. It works for{' '}
            {INVITE_LINK_DEFAULT_DAYS} days, until you turn it off, or until someone makes a new one.
          </p>
          <label className={styles.check}>
            <input type="checkbox" checked={onePerson} onChange={(e) => setOnePerson(e.target.checked)} />
            For one person only (it stops working once they join)
          </label>
          <div className={styles.actions}>
            <Button loading={busy === 'create'} loadingText="Creating…" onClick={() => void act('create')}>
              <Link2 size={18} aria-hidden="true" /> Create invite link
            </Button>
          </div>
        </>
      )}
      {link && (
        <>
          {url ? (
            <div className={styles.share}>
              <CopyLinkField
                key={url}
                label="Invite link"
                name="invite-link"
                url={url}
                hint="Shown only now: copy it or scan the code. A new link replaces this one."
              />
              <div className={styles.qr} role="img" aria-label="QR code of the invite link">
                <Suspense fallback={<span className={styles.qrPending} />}>
                  <QRCodeSVG value={url} size={QR_SIZE} marginSize={1} aria-hidden="true" />
                </Suspense>
              </div>
            </div>
          ) : (
            <p className={styles.text}>
              A link made by @{link.created_by_username} is active. For safety it is shown only to whoever
              made it, once; make a new one to share it again (the current one then stops working).
            </p>
          )}
          <p className={styles.text} role="status">
            Works until {until(link.expires_at)}
            {link.max_uses === null
              ? `, for anyone with the link. ${usedBy(link.uses)}`
              : `, for ${link.max_uses === 1 ? 'one person' : `${link.max_uses} people`}. ${usedBy(link.uses)}`}
          </p>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              loading={busy === 'create'}
              loadingText="Creating…"
              disabled={busy !== null}
              onClick={() => void act('create')}
            >
              <RefreshCw size={18} aria-hidden="true" /> New link
            </Button>
            <Button
              variant="ghost"
              loading={busy === 'revoke'}
              loadingText="Turning off…"
              disabled={busy !== null}
              onClick={() => void act('revoke')}
            >
              <Link2Off size={18} aria-hidden="true" /> Turn off link
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
