import { useEffect, useId, useState, type FormEvent } from 'react';
import { CheckCircle2, ChevronDown, Plus } from 'lucide-react';
import { PLAN_CATEGORIES, type DailyPlan } from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { cx } from '../../shared/cx';
import { Button } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { TextField } from '../../shared/ui/TextField';
import { useSession } from '../auth';
import { CategoryIcon } from './categoryIcons';
import { canSubmitPlan, dayOptionLabel, durationProblem, planBody, type PlanDraft } from './planDays';
import { createPlan } from './plansApi';
import styles from './AddPlanForm.module.css';

const SUCCESS_MS = 2000;

interface AddPlanFormProps {
  tripId: string;
  /** The planning dates (the trip without its last day). */
  dates: string[];
  onAdded: (plan: DailyPlan) => void;
}

/** The collapsible Add New Plan form; 'Plan Added Successfully!' shows for 2 seconds after each plan. */
export function AddPlanForm({ tripId, dates, onAdded }: AddPlanFormProps) {
  const emptyDraft = (): PlanDraft => ({
    plan_date: dates[0] ?? '',
    category: '',
    title: '',
    description: '',
    start_time: '',
    duration: '',
  });
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<PlanDraft>(emptyDraft);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<'sent' | 'queued' | null>(null);
  const { user } = useSession();
  const formId = useId();
  const dayId = useId();
  const descriptionId = useId();

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(null), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [added]);

  const update = (change: Partial<PlanDraft>) => setDraft((current) => ({ ...current, ...change }));
  const close = () => {
    setOpen(false);
    setError(null);
    setDraft(emptyDraft());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitPlan(draft) || saving) return;
    setSaving(true);
    setError(null);
    try {
      const result = await createPlan(user?.userId ?? '', tripId, planBody(draft));
      if ('sent' in result) onAdded(result.sent);
      close();
      setAdded('sent' in result ? 'sent' : 'queued');
    } catch (err) {
      console.error('Failed to add plan', err);
      setError(errorMessage(err, 'The plan could not be added. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  if (dates.length === 0) return null;

  return (
    <div className={styles.root}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <Plus size={18} aria-hidden="true" />
        Add New Plan
        <ChevronDown
          className={cx(styles.chevron, open && styles.chevronOpen)}
          size={18}
          aria-hidden="true"
        />
      </button>

      <form id={formId} className={styles.form} hidden={!open} onSubmit={(event) => void submit(event)}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={dayId}>
            Day
          </label>
          <select
            id={dayId}
            className={styles.select}
            value={draft.plan_date}
            onChange={(event) => update({ plan_date: event.target.value })}
          >
            {dates.map((date, index) => (
              <option key={date} value={date}>
                {dayOptionLabel(date, index)}
              </option>
            ))}
          </select>
        </div>

        <fieldset className={styles.categories}>
          <legend className={styles.label}>Category</legend>
          <div className={styles.categoryGrid}>
            {PLAN_CATEGORIES.map((category) => (
              <label
                key={category}
                className={cx(styles.category, draft.category === category && styles.chosen)}
              >
                <input
                  type="radio"
                  name={`${formId}-category`}
                  value={category}
                  checked={draft.category === category}
                  onChange={() => update({ category })}
                />
                <CategoryIcon category={category} size={18} />
                {category}
              </label>
            ))}
          </div>
        </fieldset>

        <TextField
          label="Title"
          value={draft.title}
          maxLength={200}
          onChange={(event) => update({ title: event.target.value })}
          placeholder="e.g. Sunset at the castle"
        />

        <div className={styles.timeRow}>
          <TextField
            label="Start time (optional)"
            type="time"
            value={draft.start_time}
            // Clearing the time clears the duration too: a duration needs a start.
            onChange={(event) =>
              update({ start_time: event.target.value, ...(event.target.value === '' && { duration: '' }) })
            }
          />
          <TextField
            label="Duration in minutes (optional)"
            type="number"
            inputMode="numeric"
            min={1}
            max={1440}
            step={1}
            value={draft.duration}
            disabled={draft.start_time === ''}
            hint={draft.start_time === '' ? 'Set a start time first' : undefined}
            error={durationProblem(draft) ?? undefined}
            onChange={(event) => update({ duration: event.target.value })}
          />
        </div>

        <div className={styles.field}>
          <label className={styles.label} htmlFor={descriptionId}>
            Description <span className={styles.optional}>(optional)</span>
          </label>
          <textarea
            id={descriptionId}
            className={styles.textarea}
            rows={3}
            maxLength={2000}
            value={draft.description}
            onChange={(event) => update({ description: event.target.value })}
          />
        </div>

        {error && <Notice tone="error">{error}</Notice>}

        <div className={styles.actions}>
          <Button variant="secondary" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSubmitPlan(draft)} loading={saving} loadingText="Adding…">
            Add Plan
          </Button>
        </div>
      </form>

      {added && (
        <div className={styles.success} role="status">
          <CheckCircle2 size={22} aria-hidden="true" />
          {added === 'sent'
            ? 'Plan Added Successfully!'
            : 'Plan kept on this device: it will be sent when you are back online.'}
        </div>
      )}
    </div>
  );
}
