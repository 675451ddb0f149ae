import { useId, useMemo, type ComponentType } from 'react';
import { format } from 'date-fns';
import { FormProvider, useWatch } from 'react-hook-form';
import {
  DEFAULT_HOME_CURRENCY,
  HOME_CURRENCY_CHANGED,
  type Expense,
  type ExpenseBodyInput,
  type Participant,
} from '@wayfare/contract';
import { ApiError, errorMessage } from '@/shared/api';
import { submitTo, useSchemaForm, type FormSchema, type SchemaForm } from '@/shared/forms/useSchemaForm';
import { userLocale } from '@/shared/locale';
import { Button } from '@/shared/ui/Button';
import { TextInput } from '@/shared/ui/Field';
import { Modal } from '@/shared/ui/Modal';
import { Notice } from '@/shared/ui/Notice';
import {
  ReceiptControl,
  ReceiptPicker,
  ReceiptRetryModal,
  useNewExpenseReceipt,
} from '../receipts/ReceiptControl';
import { ScanReceipt } from '../receipts/ScanReceipt';
import { ledgerApi } from '../ledgerApi';
import { ExpenseBasicsFields } from './ExpenseBasicsFields';
import {
  computeOverviewSplit,
  emptyOverviewDraft,
  overviewDraftFromExpense,
  overviewFormSchema,
  type OverviewDraft,
} from './overviewDraft';
import { currencyOf, type ExpenseBasics, type DraftSetter } from './expenseDraft';
import {
  emptySplitPageDraft,
  splitPageDraftFromExpense,
  splitPageFormSchema,
  type SplitPageDraft,
} from './splitPageDraft';
import { type ItemizedDraft, type ScannedFields } from './itemizedDraft';
import { useCreateExpense } from './expenseMutations';
import { ExpenseConflictDialog } from './ExpenseConflictDialog';
import { useExpenseConflicts } from './useExpenseConflicts';
import { SplitMethodFields, setItemLines } from './SplitMethodFields';
import { SplitTypeFields, decideAgain, setItemized } from './SplitTypeFields';
import styles from '@/shared/ui/Ledger.module.css';
import { useGuestSession } from '@/features/auth';

/**
 * The screen the form is opened from, each with the split spec §5 gives it: the split page's simple form
 * (personal, group or shared) or the overview's add-expense modal (equal, custom or percent among chosen people).
 */
export type ExpenseFormVariant = 'split-page' | 'overview';

export interface ExpenseFormProps {
  variant: ExpenseFormVariant;
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

/** What a split's fields are given (the form's draft is theirs through react-hook-form's context). */
interface SplitFieldsProps {
  participants: Participant[];
  /** The trip's home currency. */
  home: string;
}

/** Where a draft is made from: the expense edited, or a new one's day, payer and people. */
interface DraftSource {
  expense: Expense | null;
  today: string;
  userId: string;
  everyone: readonly string[];
  locale: string;
  home: string;
}

/** What a screen's split brings to the form: its draft and schema, its fields, and its own words. */
interface SplitVariant<D extends ExpenseBasics> {
  schema: (everyone: readonly string[], locale: string) => FormSchema<D, ExpenseBodyInput>;
  draft: (source: DraftSource) => D;
  /** What a failed add says when the server gave no words of its own (a failed edit: "Failed to save expense"). */
  addFailure: string;
  /** The optional Description field, between the basics and the receipt. */
  description: boolean;
  /** Add Expense held back while the live check of the split finds a problem. */
  blocked: (draft: D, everyone: readonly string[], locale: string) => boolean;
  /** A scanned receipt's item lines, for the itemized split. */
  scanned: (form: DraftSetter<D>, lines: ItemizedDraft) => void;
  /** Who paid changed (the payer, or the first of several). */
  payerChanged?: (form: DraftSetter<D>) => void;
  Fields: ComponentType<SplitFieldsProps>;
}

const splitPage: SplitVariant<SplitPageDraft> = {
  schema: (_everyone, locale) => splitPageFormSchema(locale),
  draft: ({ expense, today, userId, locale, home }) =>
    expense ? splitPageDraftFromExpense(expense, locale, home) : emptySplitPageDraft(today, userId, home),
  addFailure: 'Failed to save expense',
  description: true,
  blocked: () => false,
  scanned: setItemized,
  payerChanged: decideAgain,
  Fields: SplitTypeFields,
};

const overview: SplitVariant<OverviewDraft> = {
  schema: overviewFormSchema,
  draft: ({ expense, today, userId, everyone, locale, home }) =>
    expense
      ? overviewDraftFromExpense(expense, everyone, locale, home)
      : emptyOverviewDraft(today, everyone.includes(userId) ? userId : (everyone[0] ?? ''), everyone, home),
  addFailure: 'Failed to create expense. Please try again.',
  description: false,
  // Spec §5's first message that applies, shown live: Add Expense stays disabled until there is none.
  blocked: (draft, everyone, locale) => computeOverviewSplit(draft, everyone, locale).error !== null,
  scanned: (form, lines) => {
    form.setValue('method', 'itemized', { shouldDirty: true });
    setItemLines(form, lines);
  },
  Fields: SplitMethodFields,
};

const VARIANTS = { 'split-page': splitPage, overview } as const;

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

/**
 * The expense form (spec §5), in add or edit mode, opened from the split page or an overview card: the modal with
 * Cancel and Add Expense (Save Changes when editing), the basics every expense has, a receipt attached at once
 * (edit) or once the expense is added (add, with its retry, or scanned to fill the form), and the split the screen
 * gives. A save refused because another member changed the trip's home currency meanwhile keeps every entry and
 * reads the draft against the new currency, so its conversion shows for review; an edit refused because someone
 * saved the expense meanwhile opens the conflict dialog (useExpenseConflicts).
 */
export function ExpenseForm({
  variant,
  tripId,
  participants,
  userId,
  expense = null,
  home = DEFAULT_HOME_CURRENCY,
  onClose,
}: ExpenseFormProps) {
  // One shape of form whichever the split: each variant's draft has the basics the form itself touches.
  const split = VARIANTS[variant] as unknown as SplitVariant<ExpenseBasics>;
  const everyone = useMemo(() => participants.map((p) => p.user_id), [participants]);
  const locale = userLocale();
  // Scanning a receipt is the trip members' (it spends the trip's scanning quota); a guest session types the expense.
  const guest = useGuestSession();
  const schema = useMemo(() => split.schema(everyone, locale), [split, everyone, locale]);
  const draftOf = (stored: Expense | null) =>
    split.draft({ expense: stored, today: format(new Date(), 'yyyy-MM-dd'), userId, everyone, locale, home });
  const form: SchemaForm<ExpenseBasics, ExpenseBodyInput> = useSchemaForm(schema, {
    defaultValues: draftOf(expense),
  });
  const draft = useWatch({ control: form.control }) as ExpenseBasics;
  const { errors, isSubmitting } = form.formState;
  const receipt = useNewExpenseReceipt();
  const id = useId();
  const create = useCreateExpense(tripId, userId);
  // An edit is saved on the version it was opened on; someone else's newer one opens the conflict dialog.
  const conflicts = useExpenseConflicts(expense, (stored) => bodyOfDraft(schema, draftOf(stored)), onClose);

  const save = async (body: ExpenseBodyInput) => {
    if (expense) {
      if (!(await conflicts.save(body))) return;
    } else if (!(await receipt.attachTo(await create.mutateAsync(body)))) return;
    onClose();
  };
  const send = async (body: ExpenseBodyInput) => {
    try {
      await save(body);
    } catch (err) {
      if (!isHomeCurrencyChange(err)) throw err;
      const now = await currentHome(tripId);
      if (!now) throw err;
      // The amounts stay in the currency they were typed in (the old home one too), now converted to the new home.
      form.setValue('currency', currencyOf(form.getValues()));
      form.setValue('home', now);
      throw new HomeCurrencyChanged(now);
    }
  };

  /** The scan's fields for review. */
  const fill = (fields: ScannedFields) => {
    const touched = { shouldDirty: true };
    if (fields.title) form.setValue('title', fields.title, touched);
    if (fields.expense_date) form.setValue('expense_date', fields.expense_date, touched);
    if (fields.currency) form.setValue('currency', fields.currency, touched);
    form.setValue('amount', fields.amount, touched);
    if (fields.itemized) split.scanned(form, fields.itemized);
  };

  if (receipt.failure)
    return <ReceiptRetryModal receipt={receipt} failure={receipt.failure} onClose={onClose} />;
  if (conflicts.dialog) return <ExpenseConflictDialog participants={participants} {...conflicts.dialog} />;

  const failure = expense ? 'Failed to save expense' : split.addFailure;
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
            disabled={split.blocked(draft, everyone, locale)}
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
          {!expense && !guest && (
            <ScanReceipt
              tripId={tripId}
              onScanned={(fields, photo) => {
                receipt.choose(photo);
                fill(fields);
              }}
            />
          )}
          <ExpenseBasicsFields
            participants={participants}
            stored={expense}
            onPayerChange={split.payerChanged && (() => split.payerChanged?.(form))}
          />
          {split.description && (
            <TextInput
              label="Description"
              optional
              error={errors.description?.message}
              {...form.register('description')}
            />
          )}
          {expense ? <ReceiptControl expense={expense} /> : <ReceiptPicker receipt={receipt} />}
          <split.Fields participants={participants} home={home} />
        </form>
      </FormProvider>
    </Modal>
  );
}

/** The body a draft sends, as the form's schema reads it; null for a draft it refuses. */
function bodyOfDraft(schema: FormSchema<ExpenseBasics, ExpenseBodyInput>, draft: ExpenseBasics) {
  const parsed = (schema as unknown as { safeParse(value: unknown): { data?: ExpenseBodyInput } }).safeParse(
    draft,
  );
  return parsed.data ?? null;
}

/** The trip's home currency as it is now; null when it cannot be read (the server's own words are shown then). */
async function currentHome(tripId: string): Promise<string | null> {
  try {
    return (await ledgerApi.expenses(tripId, { limit: 1 })).home_currency ?? DEFAULT_HOME_CURRENCY;
  } catch {
    return null;
  }
}
