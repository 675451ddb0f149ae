import { z } from 'zod';

export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2199-12-31';

/** A calendar date as the API speaks it: yyyy-MM-dd, and a real day (no 2027-02-30). */
export const isoDateSchema = z
  .string({ error: 'Date is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must look like 2027-03-05')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'That date does not exist')
  // Far enough either way for any trip or receipt; year 0 or 9999 is a probe, not a holiday.
  .refine(
    (value) => value >= MIN_DATE && value <= MAX_DATE,
    `Dates must be between ${MIN_DATE} and ${MAX_DATE}`,
  );
