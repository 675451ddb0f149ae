import { PLAN_CATEGORIES, planFormSchema, type DailyPlan, type PlanInput } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { cx } from '@/shared/cx';
import { submitTo, useSchemaForm } from '@/shared/forms/useSchemaForm';
import { Button } from '@/shared/ui/Button';
import { Select, TextArea, TextInput } from '@/shared/ui/Field';
import { Notice } from '@/shared/ui/Notice';
import { useSession } from '@/features/auth';
import { CategoryIcon } from './categoryIcons';
import { dayOptionLabel } from './planDays';
import { useCreatePlan } from './usePlanChanges';
import styles from './AddPlanForm.module.css';

export interface NewPlanFormProps {
  formId: string;
  tripId: string;
  /** The planning dates (the trip without its last day); the first is chosen. */
  dates: string[];
  onAdded: (plan: DailyPlan) => void;
  /** After a plan was sent, or kept on this device to be sent when back online. */
  onDone: (outcome: 'sent' | 'queued') => void;
  onClose: () => void;
}

/**
 * The fields of Add New Plan (AddPlanForm opens it, loading this module and the form library on first use):
 * a day, a category, a title, an optional time and duration, an optional description.
 */
export default function NewPlanForm({ formId, tripId, dates, onAdded, onDone, onClose }: NewPlanFormProps) {
  const { user } = useSession();
  const creation = useCreatePlan(tripId, user?.userId ?? '');
  // Add Plan stays disabled until the plan can be sent (spec §5), so mistakes show as they are typed, not on submit.
  const form = useSchemaForm(planFormSchema, {
    defaultValues: {
      plan_date: dates[0] ?? '',
      category: '',
      title: '',
      description: '',
      start_time: '',
      duration: '',
    },
    mode: 'onChange',
  });
  const { errors, isSubmitting, isValid } = form.formState;
  const [category, startTime] = form.watch(['category', 'start_time']);

  const send = async (plan: PlanInput) => {
    const result = await creation.mutateAsync(plan);
    if ('sent' in result) onAdded(result.sent);
    onDone('sent' in result ? 'sent' : 'queued');
  };

  return (
    <form
      id={formId}
      className={styles.form}
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
        <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={!isValid} loading={isSubmitting} loadingText="Adding…">
          Add Plan
        </Button>
      </div>
    </form>
  );
}
