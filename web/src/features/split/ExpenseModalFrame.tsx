import { useId, type ReactNode } from 'react';
import { FormProvider, type FieldValues } from 'react-hook-form';
import type { Expense, ExpenseBodyInput, Participant } from '@wayfare/contract';
import { errorMessage } from '../../shared/api';
import { submitTo, type SchemaForm } from '../../shared/form/useSchemaForm';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';
import { Notice } from '../../shared/ui/Notice';
import { ReceiptControl, ReceiptPicker, ReceiptRetryModal, useNewExpenseReceipt } from './ReceiptControl';
import { splitApi } from './splitApi';
import styles from '../../shared/ui/Ledger.module.css';

/** What a trip's screen gives either expense modal. */
export interface ExpenseModalProps {
  tripId: string;
  participants: Participant[];
  /** The signed-in user, who adds the expense and is its default payer. */
  userId: string;
  /** Edit mode when given: the form is prefilled from it, its split as decided. */
  expense?: Expense | null;
  /** The trip's home currency (US dollars when absent). */
  home?: string;
  onClose: () => void;
}

interface ExpenseModalFrameProps<In extends FieldValues> extends Pick<
  ExpenseModalProps,
  'tripId' | 'userId' | 'onClose'
> {
  form: SchemaForm<In, ExpenseBodyInput>;
  expense: Expense | null;
  /** What a failed save says when the server gave no words of its own. */
  failure: string;
  /** Add Expense held back (the live check of the overview's split found a problem). */
  submitDisabled?: boolean;
  /** The form's fields, given the receipt's field to place among them. */
  children: (receiptField: ReactNode) => ReactNode;
}

/**
 * What both expense forms share around their fields: the modal with Cancel and Add Expense (Save Changes when
 * editing), the create or update call, the receipt attached once a new expense exists (with its retry), and the
 * save's refusal at the top of the form.
 */
export function ExpenseModalFrame<In extends FieldValues>({
  form,
  tripId,
  userId,
  expense,
  failure,
  submitDisabled = false,
  onClose,
  children,
}: ExpenseModalFrameProps<In>) {
  const { errors, isSubmitting } = form.formState;
  const receipt = useNewExpenseReceipt();
  const id = useId();

  const send = async (body: ExpenseBodyInput) => {
    if (expense) await splitApi.updateExpense(expense.id, body);
    else if (!(await receipt.attachTo(await splitApi.createExpense(userId, tripId, body)))) return;
    onClose();
  };
  if (receipt.failure)
    return <ReceiptRetryModal receipt={receipt} failure={receipt.failure} onClose={onClose} />;

  const formId = `${id}-form`;
  return (
    <Modal
      open
      onClose={onClose}
      title={expense ? 'Edit Expense' : 'Add Expense'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            disabled={submitDisabled}
            loading={isSubmitting}
            loadingText="Saving..."
          >
            {expense ? 'Save Changes' : 'Add Expense'}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <form
          id={formId}
          className={styles.form}
          onSubmit={(event) => void submitTo(form, send, (err) => errorMessage(err, failure))(event)}
          noValidate
        >
          {errors.root?.server && <Notice tone="error">{errors.root.server.message}</Notice>}
          {children(expense ? <ReceiptControl expense={expense} /> : <ReceiptPicker receipt={receipt} />)}
        </form>
      </FormProvider>
    </Modal>
  );
}
