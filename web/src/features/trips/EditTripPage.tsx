import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { RangeKeyDict } from 'react-date-range';
import { format, parseISO, startOfToday } from 'date-fns';
import { ArrowLeft } from 'lucide-react';
import type { TripView } from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { Button, buttonClassName } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { Page } from '../../shared/ui/Page';
import { LoadingState } from '../../shared/ui/Spinner';
import { TextField } from '../../shared/ui/TextField';
import { editTripFormData, validateEditTrip, type EditTripErrors, type EditTripValues } from './editTripForm';
import { formatDateRange } from './format';
import { ImageDrop } from './ImageDrop';
import { isNotFound, tripQuery, tripsQuery } from './queries';
import { updateTrip } from './tripsApi';
import styles from './EditTripPage.module.css';
import { DateRangeCalendar } from '../../shared/ui/DateRangeCalendar';

export function EditTripPage() {
  const { tripId = '' } = useParams();
  const queryClient = useQueryClient();
  // The form starts from a fresh read, not from a cached trip another member may have changed since.
  const {
    data: trip,
    error,
    isError,
    isFetchedAfterMount,
  } = useQuery({
    ...tripQuery(tripId),
    refetchOnMount: 'always',
  });
  // The saved trip is what the details page shows next; the list reads its new name and dates.
  const saved = (updated: TripView) => {
    queryClient.setQueryData(tripQuery(updated.id).queryKey, updated);
    void queryClient.invalidateQueries({ queryKey: tripsQuery().queryKey });
  };

  return (
    <Page title="Edit Trip">
      {!isError && !(trip && isFetchedAfterMount) && <LoadingState label="Loading trip…" />}
      {isError && (
        <div className={styles.failed}>
          <Notice tone="error">
            {isNotFound(error) ? 'Trip Not Found' : 'Failed to load trip details. Please try again.'}
          </Notice>
          <Link to="/trips" className={buttonClassName({ variant: 'secondary' })}>
            <ArrowLeft size={18} aria-hidden="true" />
            Back to Trips
          </Link>
        </div>
      )}
      {trip && isFetchedAfterMount && !isError && <EditTripForm trip={trip} onSaved={saved} />}
    </Page>
  );
}

const toDate = (value: string | null) => (value ? parseISO(value) : startOfToday());

function EditTripForm({ trip, onSaved }: { trip: TripView; onSaved: (trip: TripView) => void }) {
  const navigate = useNavigate();
  const descriptionId = useId();
  const datesId = useId();
  const [values, setValues] = useState<EditTripValues>({
    trip_name: trip.trip_name,
    description: trip.description,
    start_date: trip.start_date ?? format(startOfToday(), 'yyyy-MM-dd'),
    end_date: trip.end_date ?? trip.start_date ?? format(startOfToday(), 'yyyy-MM-dd'),
  });
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<EditTripErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const update = (change: Partial<EditTripValues>) => setValues((current) => ({ ...current, ...change }));

  const onRangeChange = ({ trip: range }: RangeKeyDict) => {
    if (range?.startDate && range.endDate) {
      update({
        start_date: format(range.startDate, 'yyyy-MM-dd'),
        end_date: format(range.endDate, 'yyyy-MM-dd'),
      });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateEditTrip(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      onSaved(await updateTrip(trip.id, editTripFormData(values, image)));
      void navigate(`/trips/${trip.id}`);
    } catch (error) {
      setFailure(errorMessage(error, ''));
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label="Trip name"
        value={values.trip_name}
        maxLength={120}
        required
        error={errors.trip_name}
        onChange={(event) => update({ trip_name: event.target.value })}
      />

      <div className={styles.field}>
        <span className={styles.label} id={datesId}>
          Dates{' '}
          <span className={styles.rangeText}>{formatDateRange(values.start_date, values.end_date)}</span>
        </span>
        <div className={styles.calendar} role="group" aria-labelledby={datesId}>
          <DateRangeCalendar
            ranges={[{ key: 'trip', startDate: toDate(values.start_date), endDate: toDate(values.end_date) }]}
            onChange={onRangeChange}
            minDate={startOfToday()}
            moveRangeOnFirstSelection={false}
          />
        </div>
        {errors.end_date && (
          <p className={styles.error} role="alert">
            {errors.end_date}
          </p>
        )}
      </div>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={descriptionId}>
          Description
        </label>
        <textarea
          id={descriptionId}
          className={styles.textarea}
          rows={4}
          maxLength={2000}
          required
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          value={values.description}
          onChange={(event) => update({ description: event.target.value })}
        />
        {errors.description && (
          <p id={`${descriptionId}-error`} className={styles.error}>
            {errors.description}
          </p>
        )}
      </div>

      <ImageDrop currentUrl={trip.image_url} file={image} onChange={setImage} />

      {failure !== null && (
        <Notice tone="error" detail={failure || undefined}>
          Failed to update trip.
        </Notice>
      )}

      <div className={styles.actions}>
        <Link to={`/trips/${trip.id}`} className={buttonClassName({ variant: 'secondary' })}>
          Cancel
        </Link>
        <Button type="submit" loading={saving} loadingText="Updating…">
          Update Trip
        </Button>
      </div>
    </form>
  );
}
