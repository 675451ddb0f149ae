import { useId, useRef } from 'react';
import { Autocomplete, useJsApiLoader, type Libraries } from '@react-google-maps/api';
import { MapPin } from 'lucide-react';
import type { CityInputProps } from './cityInput';
import styles from './QuestionFlowModal.module.css';

// The same loader options as the trip map: the script loads once per page, whichever asks first.
const LIBRARIES: Libraries = ['places'];

/** Google Places autocomplete restricted to cities (with VITE_GOOGLE_MAPS_API_KEY). */
export default function GoogleCityInput({
  apiKey,
  value,
  onChange,
  onSubmit,
  onSubmitTyped,
  inputRef,
  a11y,
}: CityInputProps & { apiKey: string }) {
  const id = useId();
  const { isLoaded } = useJsApiLoader({ googleMapsApiKey: apiKey, language: 'en', libraries: LIBRARIES });
  const autocomplete = useRef<google.maps.places.Autocomplete | null>(null);

  const input = (
    <input
      {...a11y}
      ref={inputRef}
      id={id}
      className={styles.cityInput}
      type="text"
      autoComplete="off"
      autoFocus
      placeholder="Search for a city"
      value={value}
      maxLength={120}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        // Google's list takes Enter while an item in it is highlighted; otherwise Enter submits the typed text.
        // Never the browser's own submit: it would send the half-typed text while Google picks the place.
        if (event.key !== 'Enter') return;
        event.preventDefault();
        if (!document.querySelector('.pac-container .pac-item-selected')) onSubmitTyped();
      }}
    />
  );

  return (
    <div className={styles.combobox}>
      <label className={styles.srOnly} htmlFor={id}>
        Destination city
      </label>
      <MapPin className={styles.inputIcon} size={20} aria-hidden="true" />
      {isLoaded ? (
        <Autocomplete
          onLoad={(instance) => (autocomplete.current = instance)}
          options={{ types: ['(cities)'], fields: ['formatted_address', 'geometry', 'name'] }}
          onPlaceChanged={() => {
            const place = autocomplete.current?.getPlace();
            const location = place?.geometry?.location;
            const label = place?.formatted_address ?? place?.name;
            if (!label) return;
            onChange(label);
            onSubmit(label, location ? { latitude: location.lat(), longitude: location.lng() } : null);
          }}
        >
          {input}
        </Autocomplete>
      ) : (
        input
      )}
    </div>
  );
}
