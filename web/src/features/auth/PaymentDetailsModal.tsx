import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  paymentHandlesFormSchema,
  type PaymentHandles,
  type PaymentHandlesBody,
  type PaymentHandlesForm,
} from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { submitTo, useSchemaForm } from '@/shared/forms/useSchemaForm';
import { TextInput } from '@/shared/ui/Field';
import { Notice } from '@/shared/ui/Notice';
import {
  AccountSettingFrame,
  inAccountDataLayer,
  type AccountSettingModalProps,
} from './AccountSettingModal';
import { meQuery, useSetPaymentHandles } from './accountMutations';
import styles from './AddPolicyModal.module.css';

/** The saved handles as the form's text fields, blank for none. */
const formValues = (handles: PaymentHandles): PaymentHandlesForm => ({
  paypal: handles.paypal ?? '',
  venmo: handles.venmo ?? '',
  revolut: handles.revolut ?? '',
  wise: handles.wise ?? '',
  monzo: handles.monzo ?? '',
  upi: handles.upi ?? '',
  pix: handles.pix ?? '',
  iban: { iban: handles.iban?.iban ?? '', name: handles.iban?.name ?? '' },
});

/** The text fields, in the form's order: each provider's label and what to type. */
const TEXT_FIELDS = [
  ['paypal', 'PayPal.me username', 'paypal.me/ followed by this'],
  ['venmo', 'Venmo username', 'Without the @'],
  ['revolut', 'Revolut tag', 'Your @revtag'],
  ['wise', 'Wise', 'The email of your Wise account, or your @Wisetag'],
  ['monzo', 'Monzo.me username', 'monzo.me/ followed by this (pounds only)'],
  ['upi', 'UPI ID', 'name@bank (rupees only)'],
  ['pix', 'Pix key', 'CPF or CNPJ, email, +55 phone number or random key (reais only)'],
] as const;

/**
 * The account's "Payment details": where the members of the user's trips can pay them (contract
 * payments/handles.ts). Every field is optional; the contract's schema checks them here with the server's messages.
 * Opened from the account menu beside "Who can add me to a trip".
 */
export const PaymentDetailsModal = inAccountDataLayer(PaymentDetailsDialog);

function PaymentDetailsDialog({ open, onClose }: AccountSettingModalProps) {
  const saved = useQuery(meQuery()).data?.user.payment_handles;
  const saving = useSetPaymentHandles();
  const form = useSchemaForm(paymentHandlesFormSchema, { defaultValues: formValues(saved ?? {}) });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;
  // The form shows the handles as last read or saved.
  useEffect(() => {
    if (saved) reset(formValues(saved));
  }, [saved, reset]);

  const save = async (body: PaymentHandlesBody) => {
    await saving.mutateAsync(body);
    onClose();
  };

  return (
    <AccountSettingFrame
      open={open}
      onClose={onClose}
      title="Payment details"
      submitting={isSubmitting}
      onSubmit={(event) =>
        void submitTo(form, save, (error) => errorMessage(error, 'Failed to save your payment details'))(
          event,
        )
      }
    >
      <p className={styles.hint}>
        People you share a trip with see these when they pay you back, as links and QR codes for the amount
        they owe. Leave blank what you do not use.
      </p>
      {TEXT_FIELDS.map(([name, label, hint]) => (
        <TextInput
          key={name}
          label={label}
          hint={hint}
          optional
          autoComplete="off"
          error={errors[name]?.message}
          {...form.register(name)}
        />
      ))}
      <fieldset className={styles.choices}>
        <legend>Bank account (SEPA, euros)</legend>
        <TextInput
          label="IBAN"
          optional
          autoComplete="off"
          error={errors.iban?.iban?.message ?? errors.iban?.message}
          {...form.register('iban.iban')}
        />
        <TextInput
          label="Account holder"
          optional
          autoComplete="name"
          error={errors.iban?.name?.message}
          {...form.register('iban.name')}
        />
      </fieldset>
      {errors.root?.server?.message && <Notice tone="error">{errors.root.server.message}</Notice>}
    </AccountSettingFrame>
  );
}
