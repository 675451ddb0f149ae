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
import { Notice } from '@/shared/ui/Notice';
import {
  AccountSettingFrame,
  inAccountDataLayer,
  type AccountSettingModalProps,
} from './AccountSettingModal';
import { meQuery, useSetAddPolicy } from './accountMutations';
import styles from './AddPolicyModal.module.css';

/**
 * The account setting "Who can add me to a trip" (contract add-policy.ts): Anyone (the default), people the user
 * has shared a trip with, or nobody (an add becomes an invitation they accept or decline). Opened from the account
 * menu; the setting is a query (shown from the cache at once when read before, and read again) and saving it a
 * mutation.
 */
export const AddPolicyModal = inAccountDataLayer(AddPolicyDialog);

function AddPolicyDialog({ open, onClose }: AccountSettingModalProps) {
  const saved = useQuery(meQuery()).data?.user.add_policy;
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

  const save = async (body: AddPolicyBody) => {
    await setting.mutateAsync(body);
    onClose();
  };
  const problem = errors.add_policy?.message ?? errors.root?.server?.message;

  return (
    <AccountSettingFrame
      open={open}
      onClose={onClose}
      title={ADD_POLICY_QUESTION}
      submitting={isSubmitting}
      onSubmit={(event) =>
        void submitTo(form, save, (error) => errorMessage(error, 'Failed to save your setting'))(event)
      }
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
    </AccountSettingFrame>
  );
}
