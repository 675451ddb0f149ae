import { useEffect, useId, useState } from 'react';
import { CheckCircle2, ChevronDown, Plus } from 'lucide-react';
import { PLAN_CATEGORIES, planFormSchema, type DailyPlan, type PlanInput } from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { cx } from '../../shared/cx';
import { submitTo, useSchemaForm } from '../../shared/form/useSchemaForm';
import { Button } from '../../shared/ui/Button';
import { Select, TextArea, TextInput } from '../../shared/ui/Field';
import { Notice } from '../../shared/ui/Notice';
import { useSession } from '../auth';
import { CategoryIcon } from './categoryIcons';
import { dayOptionLabel } from './planDays';
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
  const empty = () => ({
    plan_date: dates[0] ?? '',
    category: '',
    title: '',
    description: '',
    start_time: '',
    duration: '',
  });
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState<'sent' | 'queued' | null>(null);
  const { user } = useSession();
  const formId = useId();
  // Add Plan stays disabled until the plan can be sent (spec §5), so mistakes show as they are typed, not on submit.
  const form = useSchemaForm(planFormSchema, { defaultValues: empty(), mode: 'onChange' });
  const { errors, isSubmitting, isValid } = form.formState;
  const [category, startTime] = form.watch(['category', 'start_time']);

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(null), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [added]);

  const close = () => {
    setOpen(false);
    form.reset(empty());
  };

  const send = async (plan: PlanInput) => {
    const result = await createPlan(user?.userId ?? '', tripId, plan);
    if ('sent' in result) onAdded(result.sent);
    close();
    setAdded('sent' in result ? 'sent' : 'queued');
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

      <form
        id={formId}
        className={styles.form}
        hidden={!open}
        onSubmit={(event) =>
          void submitTo(form, send, (error) =>
            errorMessage(error, 'The plan could not be added. Please try again.'),
          )(event)
        }
        noValidate
      >
        <Select label="Day" {...form.register('plan_date')}>
          {dates.map((date, index) => (
            <option key={date} value={date}>
              {dayOptionLabel(date, index)}
            </option>
          ))}
        </Select>

        <fieldset className={styles.categories}>
          <legend className={styles.label}>Category</legend>
          <div className={styles.categoryGrid}>
            {PLAN_CATEGORIES.map((option) => (
              <label key={option} className={cx(styles.category, category === option && styles.chosen)}>
                <input type="radio" value={option} {...form.register('category')} />
                <CategoryIcon category={option} size={18} />
                {option}
              </label>
            ))}
          </div>
        </fieldset>

        <TextInput
          label="Title"
          maxLength={200}
          placeholder="e.g. Sunset at the castle"
          error={errors.title?.message}
          {...form.register('title')}
        />

        <div className={styles.timeRow}>
          <TextInput
            label="Start time (optional)"
            type="time"
            error={errors.start_time?.message}
            {...form.register('start_time', {
              // Clearing the time clears the duration too: a duration needs a start.
              onChange: (event: { target: { value: string } }) => {
                if (event.target.value === '') form.setValue('duration', '', { shouldValidate: true });
              },
            })}
          />
          <TextInput
            label="Duration in minutes (optional)"
            type="number"
            inputMode="numeric"
            min={1}
            max={1440}
            step={1}
            hint={startTime === '' ? 'Set a start time first' : undefined}
            error={errors.duration?.message}
            {...form.register('duration')}
            disabled={startTime === ''}
          />
        </div>

        <TextArea label="Description" optional maxLength={2000} {...form.register('description')} />

        {errors.root?.server && <Notice tone="error">{errors.root.server.message}</Notice>}

        <div className={styles.actions}>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={!isValid} loading={isSubmitting} loadingText="Adding…">
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
