import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useController } from 'react-hook-form';
import type { RangeKeyDict } from 'react-date-range';
import { format, parseISO, startOfToday } from 'date-fns';
import { updateTripBodySchema, type TripView, type UpdateTripBody } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { formatDateRange } from '@/shared/dates';
import { submitTo, useSchemaForm } from '@/shared/forms/useSchemaForm';
import { Button, buttonClassName } from '@/shared/ui/Button';
import { DateRangeCalendar } from '@/shared/ui/DateRangeCalendar';
import { Field, TextArea, TextInput } from '@/shared/ui/Field';
import { Notice } from '@/shared/ui/Notice';
import { editTripFormData } from './editTripForm';
import { ImageDrop } from './ImageDrop';
import { useUpdateTrip } from './tripMutations';
import styles from './EditTripPage.module.css';

const toDate = (value: string) => (value ? parseISO(value) : startOfToday());
const today = () => format(startOfToday(), 'yyyy-MM-dd');

/**
 * The Edit Trip form (spec §5, §7): name, dates, description and image; the server's rules checked first here.
 * The trip as the server answered it is what the details page shows next (useUpdateTrip).
 */
export function EditTripForm({ trip }: { trip: TripView }) {
  const navigate = useNavigate();
  const [image, setImage] = useState<File | null>(null);
  const update = useUpdateTrip();
  const form = useSchemaForm(updateTripBodySchema, {
    defaultValues: {
      trip_name: trip.trip_name,
      description: trip.description,
      start_date: trip.start_date ?? today(),
      end_date: trip.end_date ?? trip.start_date ?? today(),
    },
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  // Registered in form order (name, dates, description): a failed submit focuses the first invalid one of these.
  const tripName = form.register('trip_name');
  const { field: endDate } = useController({ name: 'end_date', control: form.control });
  const description = form.register('description');
  const startDate = form.watch('start_date');

  const onRangeChange = ({ trip: range }: RangeKeyDict) => {
    if (!range?.startDate || !range.endDate) return;
    // After a first submit the dates are checked again as they change, like the typed fields.
    form.setValue('start_date', format(range.startDate, 'yyyy-MM-dd'), { shouldValidate: isSubmitted });
    form.setValue('end_date', format(range.endDate, 'yyyy-MM-dd'), { shouldValidate: isSubmitted });
  };

  const send = async (body: UpdateTripBody) => {
    await update.mutateAsync({ tripId: trip.id, form: editTripFormData(body, image) });
    void navigate(`/trips/${trip.id}`);
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submitTo(form, send, (error) => errorMessage(error, ''))(event)}
      noValidate
    >
      <TextInput label="Trip name" maxLength={120} required error={errors.trip_name?.message} {...tripName} />

      <Field
        group
        label={
          <>
            Dates <span className={styles.rangeText}>{formatDateRange(startDate, endDate.value)}</span>
          </>
        }
        error={errors.end_date?.message ?? errors.start_date?.message}
      >
        {(control) => (
          // Focusable only by script: a failed submit moves focus here when the dates are wrong.
          <div {...control} ref={endDate.ref} tabIndex={-1} className={styles.calendar}>
            <DateRangeCalendar
              ranges={[{ key: 'trip', startDate: toDate(startDate), endDate: toDate(endDate.value) }]}
              onChange={onRangeChange}
              minDate={startOfToday()}
              moveRangeOnFirstSelection={false}
            />
          </div>
        )}
      </Field>

      <TextArea
        label="Description"
        rows={4}
        maxLength={2000}
        required
        error={errors.description?.message}
        {...description}
      />

      <ImageDrop currentUrl={trip.image_url} file={image} onChange={setImage} />

      {errors.root?.server && (
        <Notice tone="error" detail={errors.root.server.message || undefined}>
          Failed to update trip.
        </Notice>
      )}

      <div className={styles.actions}>
        <Link to={`/trips/${trip.id}`} className={buttonClassName({ variant: 'secondary' })}>
          Cancel
        </Link>
        <Button type="submit" loading={isSubmitting} loadingText="Updating…">
          Update Trip
        </Button>
      </div>
    </form>
  );
}
