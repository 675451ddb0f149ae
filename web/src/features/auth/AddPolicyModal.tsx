import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ADD_POLICIES,
  ADD_POLICY_LABELS,
  ADD_POLICY_QUESTION,
  addPolicyBodySchema,
  DEFAULT_ADD_POLICY,
  type AddPolicyBody,
} from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { submitTo, useSchemaForm } from '@/shared/forms/useSchemaForm';
import { DataLayer } from '@/shared/query/DataLayer';
import { Button } from '@/shared/ui/Button';
import { LoadingState } from '@/shared/ui/Spinner';
import { Modal } from '@/shared/ui/Modal';
import { Notice } from '@/shared/ui/Notice';
import { meQuery, useSetAddPolicy } from './accountMutations';
import { useSession } from './SessionContext';
import styles from './AddPolicyModal.module.css';

const FORM_ID = 'add-policy-form';

interface AddPolicyModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The account setting "Who can add me to a trip" (contract add-policy.ts): Anyone (the default), people the user
 * has shared a trip with, or nobody (an add becomes an invitation they accept or decline). Opened from the account
 * menu, which lives outside the screens' data layer, so it brings the signed-in user's own: the setting is a query
 * (shown from the cache at once when read before, and read again) and saving it a mutation.
 */
export function AddPolicyModal(props: AddPolicyModalProps) {
  const { user } = useSession();
  return (
    <DataLayer userId={user?.userId}>
      <AddPolicyDialog {...props} />
    </DataLayer>
  );
}

function AddPolicyDialog({ open, onClose }: AddPolicyModalProps) {
  const account = useQuery(meQuery());
  const saved = account.data?.user.add_policy;
  const setting = useSetAddPolicy();
  const form = useSchemaForm(addPolicyBodySchema, {
    defaultValues: { add_policy: saved ?? DEFAULT_ADD_POLICY },
  });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;
  // The form shows the setting as last read or saved.
  useEffect(() => {
    if (saved) reset({ add_policy: saved });
  }, [saved, reset]);
  const loaded = saved !== undefined;
  const loadError =
    !loaded && !account.isFetching && account.isError
      ? errorMessage(account.error, 'Failed to load your settings')
      : null;

  const save = async (body: AddPolicyBody) => {
    await setting.mutateAsync(body);
    onClose();
  };
  const problem = errors.add_policy?.message ?? errors.root?.server?.message;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={ADD_POLICY_QUESTION}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          {loaded && (
            <Button type="submit" form={FORM_ID} loading={isSubmitting} loadingText="Saving…">
              Save
            </Button>
          )}
        </>
      }
    >
      {loadError ? (
        <div className={styles.body}>
          <Notice tone="error">{loadError}</Notice>
          <Button variant="secondary" onClick={() => void account.refetch()}>
            Try Again
          </Button>
        </div>
      ) : loaded ? (
        <form
          id={FORM_ID}
          className={styles.body}
          onSubmit={(event) =>
            void submitTo(form, save, (error) => errorMessage(error, 'Failed to save your setting'))(event)
          }
          noValidate
        >
          <fieldset className={styles.choices}>
            <legend>Who can add you to a trip directly</legend>
            {ADD_POLICIES.map((policy) => (
              <label key={policy} className={styles.choice}>
                <input type="radio" value={policy} {...form.register('add_policy')} />
                {ADD_POLICY_LABELS[policy]}
              </label>
            ))}
          </fieldset>
          <p className={styles.hint}>
            Anyone else who adds you sends you an invitation instead, which you accept or decline on your trip
            list. Whoever adds you is shown there, and you can leave a trip at any time.
          </p>
          {problem && <Notice tone="error">{problem}</Notice>}
        </form>
      ) : (
        <LoadingState label="Loading your settings" />
      )}
    </Modal>
  );
}
