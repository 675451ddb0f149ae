import { describe, expect, it } from 'vitest';
import { editTripFormData, imageProblem } from './editTripForm';

const values = {
  trip_name: 'Lisbon',
  description: 'Tiles',
  start_date: '2027-03-05',
  end_date: '2027-03-09',
};

describe('edit trip form', () => {
  it('takes image files only, up to 5 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'application/pdf', size: 1000 })).toBe(
      'Choose a JPEG, PNG, WebP or GIF image',
    );
    expect(imageProblem({ type: 'image/svg+xml', size: 1000 })).toBe('Choose a JPEG, PNG, WebP or GIF image');
    expect(imageProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe(
      'The image must be at most 5 MB',
    );
  });

  it('sends the fields, and the image only when one was chosen', () => {
    expect(Object.fromEntries(editTripFormData(values, null))).toEqual(values);
    const image = new File([new Uint8Array([1, 2])], 'p.png', { type: 'image/png' });
    expect(editTripFormData(values, image).get('image')).toBeInstanceOf(File);
  });
});
