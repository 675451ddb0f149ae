import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Check, Copy, Link2, RefreshCw, Trash2 } from 'lucide-react';
import type { LinkKind } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { queryKeys } from '@/shared/query/queryKeys';
import { Button } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import { useLinkChange } from './linkMutations';
import { absoluteUrl, fetchLink, webcalUrl } from './linksApi';
import styles from './Sharing.module.css';

/** The words of one kind of link. */
export interface LinkCopy {
  title: string;
  explain: string;
  make: string;
  urlLabel: string;
  revokeQuestion: string;
}

/**
 * One link of a trip: make it, copy its address (and, for a calendar, open it in a calendar app), make a new one
 * (the old stops working) or turn it off, after asking. Failures say so and leave the link as the server has it.
 */
export function LinkControl({ tripId, kind, copy }: { tripId: string; kind: LinkKind; copy: LinkCopy }) {
  const change = useLinkChange(tripId, kind);
  const queryKey = queryKeys.tripLink(tripId, kind);
  const loaded = useQuery({ queryKey, queryFn: ({ signal }) => fetchLink(tripId, kind, signal) });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const inputId = useId();
  const explainId = useId();
  // Each step replaces (or, while it runs, disables) the control it was taken on: the focus goes to the control to
  // use next (data-focus) once it is there and enabled, not to the page's start.
  const slot = useRef<HTMLElement>(null);
  const focusNext = useRef<'make' | 'copy' | 'new' | 'ask' | 'keep' | 'confirm' | null>(null);
  useEffect(() => {
    const target =
      focusNext.current &&
      slot.current?.querySelector<HTMLButtonElement>(`[data-focus="${focusNext.current}"]`);
    if (!target || target.disabled) return;
    focusNext.current = null;
    target.focus();
  });

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const run = async (make: boolean, fallback: string) => {
    const pressed = make ? (loaded.data ? 'new' : 'make') : 'confirm';
    setBusy(true);
    setError(null);
    try {
      await change.mutateAsync(make);
      focusNext.current = make ? 'copy' : 'make';
      setConfirming(false);
    } catch (err) {
      focusNext.current = pressed;
      setError(errorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  };
  const make = () => run(true, 'The link could not be made. Please try again.');
  const revoke = () => run(false, 'The link could not be turned off. Please try again.');

  const url = loaded.data ? absoluteUrl(loaded.data.path) : null;
  const copyUrl = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setError('Copying is not allowed here: select the address and copy it.');
    }
  };

  return (
    <section ref={slot} className={styles.slot} aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className={styles.slotTitle}>
        <Link2 size={18} aria-hidden="true" />
        {copy.title}
      </h3>
      <p id={explainId} className={styles.explain}>
        {copy.explain}
      </p>
      {loaded.isPending && <p className={styles.explain}>Loading…</p>}
      {loaded.isError && loaded.data === undefined && (
        <>
          <Notice tone="error">The link could not be loaded.</Notice>
          <Button variant="secondary" onClick={() => void loaded.refetch()} loading={loaded.isFetching}>
            <RefreshCw size={18} aria-hidden="true" />
            Try Again
          </Button>
        </>
      )}
      {loaded.data === null && (
        <Button onClick={() => void make()} loading={busy} loadingText="Making…" data-focus="make">
          {copy.make}
        </Button>
      )}
      {url && (
        <>
          <label className={styles.urlLabel} htmlFor={inputId}>
            {copy.urlLabel}
          </label>
          <div className={styles.urlRow}>
            <input
              id={inputId}
              className={styles.url}
              value={url}
              readOnly
              aria-describedby={explainId}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={() => void copyUrl()} data-focus="copy">
              {copied ? <Check size={18} aria-hidden="true" /> : <Copy size={18} aria-hidden="true" />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <div className={styles.slotActions}>
            {kind === 'calendar' && (
              <a className={styles.textLink} href={webcalUrl(url)}>
                Open in a calendar app
              </a>
            )}
            {kind === 'share' && (
              <a className={styles.textLink} href={url} target="_blank" rel="noreferrer">
                Open the shared page
              </a>
            )}
            {confirming ? (
              <span className={styles.confirm} role="group" aria-label={copy.revokeQuestion}>
                <span>{copy.revokeQuestion}</span>
                <Button
                  variant="danger"
                  onClick={() => void revoke()}
                  loading={busy}
                  loadingText="Turning off…"
                  data-focus="confirm"
                >
                  Turn off
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    focusNext.current = 'ask';
                    setConfirming(false);
                  }}
                  disabled={busy}
                  data-focus="keep"
                >
                  Keep it
                </Button>
              </span>
            ) : (
              <>
                <Button
                  variant="secondary"
                  onClick={() => void make()}
                  loading={busy}
                  loadingText="Making…"
                  data-focus="new"
                >
                  New link
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    focusNext.current = 'keep';
                    setConfirming(true);
                  }}
                  data-focus="ask"
                >
                  <Trash2 size={18} aria-hidden="true" />
                  Turn off
                </Button>
              </>
            )}
          </div>
        </>
      )}
      {error && <Notice tone="error">{error}</Notice>}
    </section>
  );
}
