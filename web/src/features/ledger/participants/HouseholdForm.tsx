import { useId, useState, type FormEvent } from 'react';
import { householdBodySchema, type Household, type HouseholdBody, type Participant } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { Button } from '@/shared/ui/Button';
import { FieldError, Select, TextInput } from '@/shared/ui/Field';
import { Modal } from '@/shared/ui/Modal';
import { Notice } from '@/shared/ui/Notice';
import { personName } from '../categories';
import { useSaveHousehold } from './householdMutations';
import styles from '@/shared/ui/Ledger.module.css';

type Problems = Partial<Record<'name' | 'member_ids' | 'payer_user_id' | 'form', string>>;

/**
 * The body as the server will read it (the name trimmed), or the first problem of each field as the contract words
 * it, so a bad household costs no request.
 */
function checked(body: unknown): { body: HouseholdBody } | { problems: Problems } {
  const parsed = householdBodySchema.safeParse(body);
  if (parsed.success) return { body: parsed.data };
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    const key = field === 'name' || field === 'member_ids' || field === 'payer_user_id' ? field : 'form';
    problems[key] ??= issue.message;
  }
  return { problems };
}

/**
 * A household made or edited in a modal: its name, its members (participants, guests among them; someone in
 * another household is shown as such and cannot be chosen) and the one who pays and receives for it.
 */
export function HouseholdForm({
  tripId,
  participants,
  households,
  household,
  onClose,
}: {
  tripId: string;
  participants: Participant[];
  households: Household[];
  /** The household edited; null to make a new one. */
  household: Household | null;
  onClose: () => void;
}) {
  const formId = useId();
  const membersError = useId();
  const [name, setName] = useState(household?.name ?? '');
  const [members, setMembers] = useState<string[]>(household?.member_ids ?? []);
  const [payer, setPayer] = useState(household?.payer_user_id ?? '');
  const [problems, setProblems] = useState<Problems>({});
  const saving = useSaveHousehold(tripId);
  const elsewhere = new Map(
    households
      .filter((h) => h.id !== household?.id)
      .flatMap((h) => h.member_ids.map((id) => [id, h.name] as const)),
  );
  const chosen = participants.filter((p) => members.includes(p.user_id));
  // The only member pays for a household of one.
  const payerShown = payer || (chosen.length === 1 ? chosen[0]!.user_id : '');

  const toggle = (userId: string, on: boolean) => {
    setMembers((was) => (on ? [...was, userId] : was.filter((id) => id !== userId)));
    if (!on && payer === userId) setPayer('');
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const draft = checked({ name, member_ids: members, payer_user_id: payerShown });
    setProblems('problems' in draft ? draft.problems : {});
    if ('problems' in draft) return;
    try {
      await saving.mutateAsync({ id: household?.id ?? null, body: draft.body });
      onClose();
    } catch (err) {
      setProblems({ form: errorMessage(err, 'Failed to save the household') });
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={household ? `Edit ${household.name}` : 'New household'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving.isPending} loadingText="Saving…">
            Save household
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <TextInput
          label="Household name"
          name="name"
          autoComplete="off"
          data-autofocus
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problems.name}
          hint="For example “Ana & Bea” or “The Smiths”."
        />
        <fieldset
          className={styles.choices}
          aria-describedby={problems.member_ids ? membersError : undefined}
          aria-invalid={problems.member_ids ? true : undefined}
        >
          <legend>Members</legend>
          {participants.map((p) => {
            const taken = elsewhere.get(p.user_id);
            return (
              <label key={p.user_id} className={styles.choice}>
                <input
                  type="checkbox"
                  checked={members.includes(p.user_id)}
                  disabled={taken !== undefined}
                  onChange={(event) => toggle(p.user_id, event.target.checked)}
                />
                {personName(p)}
                {taken !== undefined && ` (in ${taken})`}
              </label>
            );
          })}
        </fieldset>
        {problems.member_ids && <FieldError id={membersError}>{problems.member_ids}</FieldError>}
        <Select
          label="Who pays and receives for the household"
          name="payer_user_id"
          value={payerShown}
          onChange={(event) => setPayer(event.target.value)}
          error={problems.payer_user_id}
          disabled={chosen.length === 0}
        >
          <option value="">Choose a member</option>
          {chosen.map((p) => (
            <option key={p.user_id} value={p.user_id}>
              {personName(p)}
            </option>
          ))}
        </Select>
        {problems.form && <Notice tone="error">{problems.form}</Notice>}
      </form>
    </Modal>
  );
}
