import { useEffect, useState } from 'react';
import { format, parseISO } from 'date-fns';
import { Check, Copy, Link2, Link2Off, RefreshCw } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { INVITE_LINK_DEFAULT_DAYS, type InviteLink } from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { LoadingState } from '../../shared/ui/Spinner';
import { TextInput } from '../../shared/ui/Field';
import { joinPath } from '../auth';
import { splitApi } from './splitApi';
import styles from './InviteLinkPanel.module.css';

type PanelState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** `token` is known only right after this page created the link: the server keeps its hash alone. */
  | { status: 'ready'; link: InviteLink | null; token: string | null };

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
  const [state, setState] = useState<PanelState>({ status: 'loading' });
  const [busy, setBusy] = useState<'create' | 'revoke' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [onePerson, setOnePerson] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    splitApi.inviteLink(tripId, controller.signal).then(
      (link) => setState({ status: 'ready', link, token: null }),
      (err: unknown) => {
        if (!controller.signal.aborted) {
          setState({ status: 'error', message: errorMessage(err, 'Failed to load the invite link') });
        }
      },
    );
    return () => controller.abort();
  }, [tripId]);

  const act = async (kind: 'create' | 'revoke') => {
    setBusy(kind);
    setActionError(null);
    setCopied(false);
    try {
      if (kind === 'create') {
        const { link, token } = await splitApi.createInviteLink(tripId, { max_uses: onePerson ? 1 : null });
        setState({ status: 'ready', link, token });
      } else {
        await splitApi.revokeInviteLink(tripId);
        setState({ status: 'ready', link: null, token: null });
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

  const url =
    state.status === 'ready' && state.token
      ? new URL(joinPath(state.token), window.location.origin).href
      : null;
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setActionError('Could not copy. Select the link and copy it yourself.');
    }
  };

  return (
    <section
      className={styles.panel}
      aria-labelledby="invite-link-title"
      aria-busy={state.status === 'loading'}
    >
      <h3 id="invite-link-title" className={styles.heading}>
        <Link2 size={18} aria-hidden="true" /> Invite by link
      </h3>
      {state.status === 'loading' && <LoadingState label="Loading the invite link" />}
      {state.status === 'error' && <Notice tone="error">{state.message}</Notice>}
      {actionError && <Notice tone="error">{actionError}</Notice>}
      {state.status === 'ready' && !state.link && (
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
      {state.status === 'ready' && state.link && (
        <>
          {url ? (
            <div className={styles.share}>
              <div className={styles.linkRow}>
                <TextInput
                  label="Invite link"
                  name="invite-link"
                  readOnly
                  value={url}
                  onFocus={(e) => e.currentTarget.select()}
                  hint="Shown only now: copy it or scan the code. A new link replaces this one."
                />
                <Button variant="secondary" onClick={() => void copy()}>
                  {copied ? <Check size={18} aria-hidden="true" /> : <Copy size={18} aria-hidden="true" />}
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              </div>
              <div className={styles.qr} role="img" aria-label="QR code of the invite link">
                <QRCodeSVG value={url} size={144} marginSize={1} aria-hidden="true" />
              </div>
            </div>
          ) : (
            <p className={styles.text}>
              A link made by @{state.link.created_by_username} is active. For safety it is shown only to
              whoever made it, once; make a new one to share it again (the current one then stops working).
            </p>
          )}
          <p className={styles.text} role="status">
            Works until {until(state.link.expires_at)}
            {state.link.max_uses === null
              ? `, for anyone with the link. ${usedBy(state.link.uses)}`
              : `, for ${state.link.max_uses === 1 ? 'one person' : `${state.link.max_uses} people`}. ${usedBy(state.link.uses)}`}
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
      {copied && (
        <p className={styles.text} role="status">
          Link copied.
        </p>
      )}
    </section>
  );
}
