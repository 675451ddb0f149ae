import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react';
import { useController } from 'react-hook-form';
import { MapPin } from 'lucide-react';
import { destinationAnswerSchema } from '@wayfare/contract';
import { useSchemaForm } from '@/shared/forms/useSchemaForm';
import { Button } from '@/shared/ui/Button';
import type { CityInputProps } from './cityInput';
import type { PickedPlace } from './flow';
import styles from './QuestionFlowModal.module.css';
import { cityLabel, useCitySuggestions } from './useCitySuggestions';

const MAPS_KEY: string | undefined = import.meta.env.VITE_GOOGLE_MAPS_API_KEY || undefined;
const GoogleCityInput = lazy(() => import('./GoogleCityInput'));

interface DestinationStepProps {
  initial: string;
  onSubmit: (destination: string, place: PickedPlace | null) => void;
}

/**
 * Step 1: a city, from suggestions (Google Places with a Maps key, else the bundled data) or typed freely. Typed
 * text is a form over the contract's destination rule: Enter or Continue checks it, and a blank answer says why.
 */
export function DestinationStep({ initial, onSubmit }: DestinationStepProps) {
  const errorId = useId();
  const form = useSchemaForm(destinationAnswerSchema, { defaultValues: { destination: initial } });
  const { field } = useController({ name: 'destination', control: form.control });
  const error = form.formState.errors.destination?.message;
  // Checked at once with the step's schema, so a valid answer moves on in the same event (the flow's transitions
  // start from it); a wrong one is submitted to the form, which shows the message and focuses the input.
  const submitTyped = () => {
    const answer = destinationAnswerSchema.safeParse(form.getValues());
    if (answer.success) onSubmit(answer.data.destination, null);
    else void form.handleSubmit(() => undefined)(); // shows why and focuses the input; re-checked as typed
  };
  const input: CityInputProps = {
    value: field.value,
    onChange: field.onChange,
    onSubmit,
    onSubmitTyped: submitTyped,
    inputRef: field.ref,
    a11y: { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined },
  };

  return (
    <form
      className={styles.stepBody}
      onSubmit={(event) => {
        event.preventDefault();
        submitTyped();
      }}
      noValidate
    >
      <p className={styles.question}>Where do you want to go?</p>
      {MAPS_KEY ? (
        <Suspense fallback={<CityCombobox {...input} />}>
          <GoogleCityInput apiKey={MAPS_KEY} {...input} />
        </Suspense>
      ) : (
        <CityCombobox {...input} />
      )}
      {error && (
        <p id={errorId} className={styles.inputError}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={!field.value.trim()}>
          Continue
        </Button>
      </div>
    </form>
  );
}

/** A combobox over GET /api/places/cities: arrows move, Enter picks the highlighted city or submits the text. */
function CityCombobox({ value, onChange, onSubmit, onSubmitTyped, inputRef, a11y }: CityInputProps) {
  const id = useId();
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);
  const cities = useCitySuggestions(value, open);
  const listId = `${id}-cities`;
  const expanded = open && cities.length > 0;

  const choose = (index: number) => {
    const city = cities[index];
    if (!city) return;
    onChange(cityLabel(city));
    setOpen(false);
    onSubmit(cityLabel(city), { latitude: city.latitude, longitude: city.longitude });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && cities.length) {
      event.preventDefault();
      setActive((i) => (i + 1) % cities.length);
    } else if (event.key === 'ArrowUp' && cities.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? cities.length - 1 : i - 1));
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation(); // close the list, not the modal
      setOpen(false);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (expanded && active >= 0) choose(active);
      else onSubmitTyped();
    }
  };

  return (
    <div className={styles.combobox}>
      <label className={styles.srOnly} htmlFor={`${id}-input`}>
        Destination city
      </label>
      <MapPin className={styles.inputIcon} size={20} aria-hidden="true" />
      <input
        {...a11y}
        ref={inputRef}
        id={`${id}-input`}
        className={styles.cityInput}
        type="text"
        role="combobox"
        autoComplete="off"
        // autoFocus when the step mounts in the open flow, data-autofocus when the flow opens on it (see Modal).
        autoFocus
        data-autofocus
        placeholder="Search for a city"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${id}-city-${active}` : undefined}
        value={value}
        maxLength={120}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Matching cities"
        className={styles.suggestions}
        hidden={!expanded}
      >
        {cities.map((city, index) => (
          <li
            key={city.id}
            id={`${id}-city-${index}`}
            role="option"
            aria-selected={index === active}
            className={styles.suggestion}
            // mousedown, not click: the input keeps focus and the list does not close first.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(index);
            }}
            onMouseEnter={() => setActive(index)}
          >
            <span className={styles.suggestionName}>{city.name}</span>
            <span className={styles.suggestionCountry}>{city.country}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
