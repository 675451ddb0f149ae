import { z } from 'zod';

/** A calendar date as the API speaks it: yyyy-MM-dd, and a real day (no 2027-02-30). */
export const isoDateSchema = z
  .string({ error: 'Date is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must look like 2027-03-05')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'That date does not exist');
