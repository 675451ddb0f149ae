/**
 * Where a person can be paid: their payment handles, each optional, set on their own account (PUT
 * /api/auth/me/payment-handles) and read by the members of a trip they are in. Each field is parsed to the form the
 * pay links need (no "@" before a username, an IBAN without spaces), so what is stored is what the links are built
 * from (pay-links.ts). This module imports only zod: the account answer (add-policy.ts) carries the handles.
 */
import { z } from 'zod';
import { electronicIban, ibanProblem } from './iban';

/** A username as people write it: trimmed, one leading "@" dropped. */
const username = (label: string, pattern: RegExp, rule: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .transform((text) => text.replace(/^@/, ''))
    .pipe(z.string().regex(pattern, `${label} ${rule}`));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A Wise account: the email it is registered with, or its Wisetag (kept with its "@", which tells the two apart). */
const wiseHandle = z
  .string({ error: 'Wise must be text' })
  .trim()
  .transform((text) => (text.startsWith('@') ? text : text.toLowerCase()))
  .refine(
    (text) => (text.startsWith('@') ? /^@[A-Za-z0-9._-]{3,30}$/.test(text) : EMAIL.test(text)),
    'Wise takes the email of the account or its @Wisetag',
  );

/**
 * A Pix key (Banco Central do Brasil): a CPF (11 digits) or CNPJ (14), an email, a phone number as +55 and 10–11
 * digits, or a random key (a UUID). Punctuation in a CPF, CNPJ or phone number is dropped.
 */
const pixKey = z
  .string({ error: 'Pix key must be text' })
  .trim()
  .transform((text) => {
    if (EMAIL.test(text)) return text.toLowerCase();
    if (UUID.test(text.toLowerCase())) return text.toLowerCase();
    return text.startsWith('+') ? `+${text.replace(/\D/g, '')}` : text.replace(/[.\-/\s]/g, '');
  })
  .refine(
    (key) => EMAIL.test(key) || UUID.test(key) || /^(\d{11}|\d{14}|\+55\d{10,11})$/.test(key),
    'A Pix key is a CPF or CNPJ, an email, a +55 phone number or a random key',
  )
  .refine((key) => key.length <= 77, 'A Pix key is at most 77 characters');

/** An IBAN with its account holder's name, as a bank transfer (and the EPC QR code) names the payee. */
export const ibanHandleSchema = z.object({
  iban: z
    .string({ error: 'IBAN is required' })
    .transform(electronicIban)
    .superRefine((iban, ctx) => {
      const problem = ibanProblem(iban);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  // At most 70 characters: the EPC QR code's limit for the payee's name.
  name: z
    .string({ error: 'Account holder is required' })
    .trim()
    .min(1, 'Account holder is required')
    .max(70, 'Account holder must be at most 70 characters')
    .regex(/^[^\p{Cc}]*$/u, 'Account holder contains characters that cannot be shown'),
});
export type IbanHandle = z.output<typeof ibanHandleSchema>;

/** Each handle kept as text, by the provider it pays through. */
const textHandles = {
  paypal: username('PayPal.me username', /^[A-Za-z0-9]{1,20}$/, 'is 1–20 letters or digits'),
  venmo: username('Venmo username', /^[A-Za-z0-9_-]{5,30}$/, 'is 5–30 letters, digits, - or _'),
  revolut: username('Revolut tag', /^[A-Za-z0-9._-]{3,32}$/, 'is 3–32 letters, digits, ., - or _'),
  wise: wiseHandle,
  monzo: username('Monzo.me username', /^[A-Za-z0-9._-]{1,40}$/, 'is 1–40 letters, digits, ., - or _'),
  upi: z
    .string({ error: 'UPI ID must be text' })
    .trim()
    .regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/, 'A UPI ID looks like name@bank'),
  pix: pixKey,
};

export const paymentHandlesSchema = z
  .object({ ...textHandles, iban: ibanHandleSchema })
  .partial()
  .strict();
export type PaymentHandles = z.output<typeof paymentHandlesSchema>;
export type PaymentProvider = keyof PaymentHandles;

/** PUT /api/auth/me/payment-handles: the whole set, replacing the one kept (a field left out is removed). */
export const paymentHandlesBodySchema = z.object({ payment_handles: paymentHandlesSchema });
export type PaymentHandlesBody = z.output<typeof paymentHandlesBodySchema>;

/** GET /api/trip-split/trips/{tripId}/participants/{userId}/payment-handles. */
export const participantPaymentHandlesResponseSchema = z.object({
  user_id: z.string(),
  payment_handles: paymentHandlesSchema,
});
export type ParticipantPaymentHandlesResponse = z.output<typeof participantPaymentHandlesResponseSchema>;

/** A form's blank field is no handle; anything else is parsed as the handle. */
const blankOr = <S extends z.ZodType<string, string>>(schema: S) =>
  z
    .string()
    .transform((text) => (text.trim() ? text : undefined))
    .pipe(schema.optional());

/**
 * The account form's fields, every one text and blank for none (the IBAN and its holder blank together), parsed to
 * the body of PUT /api/auth/me/payment-handles with the same messages at the same field paths.
 */
export const paymentHandlesFormSchema = z
  .object({
    paypal: blankOr(textHandles.paypal),
    venmo: blankOr(textHandles.venmo),
    revolut: blankOr(textHandles.revolut),
    wise: blankOr(textHandles.wise),
    monzo: blankOr(textHandles.monzo),
    upi: blankOr(textHandles.upi),
    pix: blankOr(textHandles.pix),
    iban: z
      .object({ iban: z.string(), name: z.string() })
      .transform((account) => (account.iban.trim() || account.name.trim() ? account : undefined))
      .pipe(ibanHandleSchema.optional()),
  })
  .transform((fields): PaymentHandlesBody => ({
    payment_handles: Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined),
    ) as PaymentHandles,
  }));
export type PaymentHandlesForm = z.input<typeof paymentHandlesFormSchema>;
