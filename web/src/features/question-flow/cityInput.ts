import type { Ref } from 'react';
import type { FieldControlProps } from '@/shared/ui/Field';
import type { PickedPlace } from './flow';

/**
 * What the destination step hands its city input: the suggestions combobox, or Google's autocomplete
 * (GoogleCityInput, loaded lazily when a Maps key is set).
 */
export interface CityInputProps {
  value: string;
  onChange: (value: string) => void;
  /** A city picked from the suggestions, with its coordinates. */
  onSubmit: (destination: string, place: PickedPlace | null) => void;
  /** Enter on typed text: the step's form checks it and answers with it. */
  onSubmitTyped: () => void;
  inputRef: Ref<HTMLInputElement>;
  /** The step's error, tied to the input. */
  a11y: Pick<FieldControlProps, 'aria-invalid' | 'aria-describedby'>;
}
