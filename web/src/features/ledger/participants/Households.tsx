import { useState } from 'react';
import { Home, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Household, Participant } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { Button } from '@/shared/ui/Button';
import { Notice } from '@/shared/ui/Notice';
import { LoadingState } from '@/shared/ui/Spinner';
import { cx } from '@/shared/cx';
import { personName } from '../categories';
import { HouseholdForm } from './HouseholdForm';
import { useDeleteHousehold, useHouseholds } from './householdMutations';
import styles from '@/shared/ui/Ledger.module.css';

export const deleteHouseholdConfirm = (name: string) =>
  `Delete the household ${name}? Its members stay on the trip and settle on their own.`;

/**
 * "Households": people who settle as one (a couple, a family with its guests). Any member makes one, edits it or
 * deletes it; each names who pays and receives for it when the trip settles by household.
 */
export function Households({ tripId, participants }: { tripId: string; participants: Participant[] }) {
  const read = useHouseholds(tripId);
  const removal = useDeleteHousehold(tripId);
  const [editing, setEditing] = useState<Household | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nameOf = (userId: string) => {
    const person = participants.find((p) => p.user_id === userId);
    return person ? personName(person) : 'Someone who left';
  };

  const remove = async (household: Household) => {
    if (!window.confirm(deleteHouseholdConfirm(household.name))) return;
    setError(null);
    try {
      await removal.mutateAsync(household.id);
    } catch (err) {
      setError(errorMessage(err, 'Failed to delete the household'));
    }
  };

  const households = read.data?.households ?? [];
  return (
    <section className={styles.balances} aria-labelledby={`${tripId}-households`}>
      <div className={styles.toolbar}>
        <h3 id={`${tripId}-households`}>Households</h3>
        <Button variant="secondary" onClick={() => setEditing('new')} disabled={!read.data}>
          <Plus size={18} aria-hidden="true" /> New household
        </Button>
      </div>
      {error && <Notice tone="error">{error}</Notice>}
      {read.isPending ? (
        <LoadingState label="Loading households" />
      ) : read.isError ? (
        <>
          <Notice tone="error">{errorMessage(read.error, 'Failed to load the households')}</Notice>
          <Button variant="secondary" onClick={() => void read.refetch()}>
            Try Again
          </Button>
        </>
      ) : households.length === 0 ? (
        <p className={styles.empty}>
          No households yet. Group people who pay as one, like a couple or a family, to settle with one
          transfer.
        </p>
      ) : (
        <ul className={styles.list} aria-label="Households">
          {households.map((household) => (
            <li key={household.id} className={cx(styles.row, styles.wrapRow)}>
              <span className={styles.avatar} aria-hidden="true">
                <Home size={18} />
              </span>
              <div className={styles.main}>
                <span className={styles.name}>{household.name}</span>
                <span className={styles.meta}>
                  {household.member_ids.map(nameOf).join(', ')} · {nameOf(household.payer_user_id)} pays
                </span>
              </div>
              <div className={styles.actions}>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={`Edit ${household.name}`}
                  title="Edit household"
                  onClick={() => setEditing(household)}
                >
                  <Pencil size={18} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={cx(styles.iconButton, styles.danger)}
                  aria-label={`Delete ${household.name}`}
                  title="Delete household"
                  disabled={removal.isPending}
                  onClick={() => void remove(household)}
                >
                  <Trash2 size={18} aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <HouseholdForm
          tripId={tripId}
          participants={participants}
          households={households}
          household={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
