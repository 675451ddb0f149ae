import { useId, type ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import {
  DEFAULT_HOME_CURRENCY,
  HOME_CURRENCY_CHANGED,
  type Expense,
  type ExpenseBodyInput,
  type Participant,
} from '@wayfare/contract';
import { currencyOf, type CurrencyDraft } from '../../../shared/forms/expense-draft';
import { type ItemizedDraft, type ScannedFields } from '../../../shared/forms/itemized-draft';
import { ApiError, errorMessage } from '../../../shared/api';
import { submitTo, type SchemaForm } from '../../../shared/forms/useSchemaForm';
import { Button } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { Notice } from '../../../shared/ui/Notice';
import {
  ReceiptControl,
  ReceiptPicker,
  ReceiptRetryModal,
  useNewExpenseReceipt,
} from '../receipts/ReceiptControl';
import { ScanReceipt } from '../receipts/ScanReceipt';
import { useCreateExpense, useUpdateExpense } from './expenseMutations';
import { splitApi } from '../splitApi';
import styles from '../../../shared/ui/Ledger.module.css';

/** What the form says when another member changed the trip's home currency while this expense was being saved. */
const homeCurrencyChangedMessage = (home: string) =>
  `The trip's home currency changed to ${home} while this expense was being saved, so it was not saved. ` +
  `Your entries are kept: check the amounts, now converted to ${home}, and save again.`;

/** The save was refused because the trip's home currency changed under it: `home` is the one it is now. */
class HomeCurrencyChanged extends Error {
  constructor(readonly home: string) {
    super(homeCurrencyChangedMessage(home));
  }
}

const isHomeCurrencyChange = (err: unknown) =>
  err instanceof ApiError && err.status === 409 && err.body?.error === HOME_CURRENCY_CHANGED;

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

interface ExpenseModalFrameProps<In extends FieldValues & CurrencyDraft> extends Pick<
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
  /**
   * Adding: "Scan receipt" shows, filling title, date, currency and amount from the photo (which becomes the
   * receipt) and handing its item lines here, for the form's itemized split.
   */
  onScannedItems?: (itemized: ItemizedDraft) => void;
}

/** The fields every expense draft has, which a scan fills. */
type ScannedBasics = CurrencyDraft & { title: string; expense_date: string; amount: string };

/**
 * What both expense forms share around their fields: the modal with Cancel and Add Expense (Save Changes when
 * editing), the create or update call, the receipt attached once a new expense exists (with its retry), and the
 * save's refusal at the top of the form. A save refused because another member changed the trip's home currency
 * meanwhile keeps every entry and reads the draft against the new currency, so its conversion shows for review.
 */
export function ExpenseModalFrame<In extends FieldValues & CurrencyDraft>({
  form,
  tripId,
  userId,
  expense,
  failure,
  submitDisabled = false,
  onClose,
  children,
  onScannedItems,
}: ExpenseModalFrameProps<In>) {
  const { errors, isSubmitting } = form.formState;
  const receipt = useNewExpenseReceipt();
  const id = useId();
  const create = useCreateExpense(tripId, userId);
  const update = useUpdateExpense();

  const save = async (body: ExpenseBodyInput) => {
    if (expense) await update.mutateAsync({ id: expense.id, body });
    else if (!(await receipt.attachTo(await create.mutateAsync(body)))) return;
    onClose();
  };
  const send = async (body: ExpenseBodyInput) => {
    try {
      await save(body);
    } catch (err) {
      if (!isHomeCurrencyChange(err)) throw err;
      const home = await currentHome(tripId);
      if (!home) throw err;
      // react-hook-form cannot name a field of a generic draft: the currency part is all this touches.
      const draft = form as unknown as UseFormReturn<CurrencyDraft>;
      // The amounts stay in the currency they were typed in (the old home one too), now converted to the new home.
      draft.setValue('currency', currencyOf(draft.getValues()));
      draft.setValue('home', home);
      throw new HomeCurrencyChanged(home);
    }
  };

  /** The scan's fields for review; react-hook-form cannot name a field of a generic draft, hence the cast. */
  const fill = (fields: ScannedFields) => {
    const draft = form as unknown as UseFormReturn<ScannedBasics>;
    const touched = { shouldDirty: true };
    if (fields.title) draft.setValue('title', fields.title, touched);
    if (fields.expense_date) draft.setValue('expense_date', fields.expense_date, touched);
    if (fields.currency) draft.setValue('currency', fields.currency, touched);
    draft.setValue('amount', fields.amount, touched);
    if (fields.itemized) onScannedItems?.(fields.itemized);
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
          onSubmit={(event) =>
            void submitTo(form, send, (err) =>
              err instanceof HomeCurrencyChanged ? err.message : errorMessage(err, failure),
            )(event)
          }
          noValidate
        >
          {errors.root?.server && <Notice tone="error">{errors.root.server.message}</Notice>}
          {!expense && onScannedItems && (
            <ScanReceipt
              tripId={tripId}
              onScanned={(fields, photo) => {
                receipt.choose(photo);
                fill(fields);
              }}
            />
          )}
          {children(expense ? <ReceiptControl expense={expense} /> : <ReceiptPicker receipt={receipt} />)}
        </form>
      </FormProvider>
    </Modal>
  );
}

/** The trip's home currency as it is now; null when it cannot be read (the server's own words are shown then). */
async function currentHome(tripId: string): Promise<string | null> {
  try {
    return (await splitApi.expenses(tripId, { limit: 1 })).home_currency ?? DEFAULT_HOME_CURRENCY;
  } catch {
    return null;
  }
}
