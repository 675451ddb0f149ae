import { useId } from 'react';
import { PARTICIPANT_WEIGHT_MAX, PARTICIPANT_WEIGHT_MIN, type Participant } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { personName } from '../categories';
import { useSetWeight } from './participantMutations';
import own from './WeightField.module.css';

const WEIGHTS = Array.from(
  { length: PARTICIPANT_WEIGHT_MAX - PARTICIPANT_WEIGHT_MIN + 1 },
  (_, i) => PARTICIPANT_WEIGHT_MIN + i,
);

/**
 * How many shares a participant stands for when an expense is split equally "by weight" (a family of four added as
 * one guest: 4). Any member sets anyone's; a native select, so a phone shows its own picker and no typing can be
 * out of range. Saved on change; expenses already split by weight keep the shares they were split with.
 */
export function WeightField({
  tripId,
  participant,
  onError,
}: {
  tripId: string;
  participant: Participant;
  onError: (message: string | null) => void;
}) {
  const id = useId();
  const saving = useSetWeight(tripId);
  // The weight chosen shows while it is saved; the select waits, so two changes never race.
  const shown = saving.isPending ? saving.variables.weight : participant.weight;
  const change = async (weight: number) => {
    onError(null);
    try {
      await saving.mutateAsync({ userId: participant.user_id, weight });
    } catch (err) {
      onError(errorMessage(err, `Failed to change the weight of ${personName(participant)}`));
    }
  };
  return (
    <span className={own.weight}>
      <label htmlFor={id}>Counts as</label>
      <select
        id={id}
        // The visible "Counts as" is the same for every row: the name tells them apart.
        aria-label={`Weight of ${personName(participant)}`}
        value={shown}
        disabled={saving.isPending}
        aria-busy={saving.isPending}
        onChange={(event) => void change(Number(event.target.value))}
      >
        {WEIGHTS.map((weight) => (
          <option key={weight} value={weight}>
            {weight}
          </option>
        ))}
      </select>
      <span aria-hidden="true">{shown === 1 ? 'share' : 'shares'}</span>
    </span>
  );
}
