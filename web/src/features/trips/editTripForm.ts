import { TRIP_IMAGE_MAX_BYTES, TRIP_IMAGE_TYPES, updateTripBodySchema } from '@wayfare/contract';

export interface EditTripValues {
  trip_name: string;
  description: string;
  /** yyyy-MM-dd */
  start_date: string;
  end_date: string;
}

export type EditTripErrors = Partial<Record<keyof EditTripValues, string>>;

/** The same rules the server applies (contract schema): name and description required, the end after the start. */
export function validateEditTrip(values: EditTripValues): EditTripErrors {
  const result = updateTripBodySchema.safeParse(values);
  const errors: EditTripErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof EditTripValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Image files only, within the size limit; the server checks the real bytes again. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(TRIP_IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'Choose a JPEG, PNG, WebP or GIF image';
  if (file.size > TRIP_IMAGE_MAX_BYTES)
    return `The image must be at most ${TRIP_IMAGE_MAX_BYTES / 1024 / 1024} MB`;
  return null;
}

/** The multipart body of PUT /api/trips/{id} (spec §7). */
export function editTripFormData(values: EditTripValues, image: File | null): FormData {
  const form = new FormData();
  form.set('trip_name', values.trip_name.trim());
  form.set('start_date', values.start_date);
  form.set('end_date', values.end_date);
  form.set('description', values.description.trim());
  if (image) form.set('image', image, image.name);
  return form;
}
