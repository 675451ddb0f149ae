import { TRIP_IMAGE_MAX_BYTES, TRIP_IMAGE_TYPES, type UpdateTripBody } from '@wayfare/contract';

/** Image files only, within the size limit; the server checks the real bytes again. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(TRIP_IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'Choose a JPEG, PNG, WebP or GIF image';
  if (file.size > TRIP_IMAGE_MAX_BYTES)
    return `The image must be at most ${TRIP_IMAGE_MAX_BYTES / 1024 / 1024} MB`;
  return null;
}

/** The multipart body of PUT /api/trips/{id} (spec §7): the form's checked values, and the image when one was chosen. */
export function editTripFormData(values: UpdateTripBody, image: File | null): FormData {
  const form = new FormData();
  form.set('trip_name', values.trip_name);
  form.set('start_date', values.start_date);
  form.set('end_date', values.end_date);
  form.set('description', values.description);
  if (image) form.set('image', image, image.name);
  return form;
}
