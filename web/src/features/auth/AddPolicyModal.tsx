import { useEffect, useState } from 'react';
import {
  ADD_POLICIES,
  ADD_POLICY_LABELS,
  ADD_POLICY_QUESTION,
  addPolicyBodySchema,
  meResponseSchema,
  DEFAULT_ADD_POLICY,
  type AddPolicyBody,
} from '@wayfare/contract';
import { apiFetchChecked, errorMessage } from '../../shared/api';
import { submitTo, useSchemaForm } from '../../shared/forms/useSchemaForm';
import { Button } from '../../shared/ui/Button';
import { LoadingState } from '../../shared/ui/Spinner';
import { Modal } from '../../shared/ui/Modal';
import { Notice } from '../../shared/ui/Notice';
import styles from './AddPolicyModal.module.css';

const ME = '/api/auth/me';
const FORM_ID = 'add-policy-form';

interface AddPolicyModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The account setting "Who can add me to a trip" (contract add-policy.ts): Anyone (the default), people the user
 * has shared a trip with, or nobody (an add becomes an invitation they accept or decline). Opened from the account
 * menu, which lives outside the data layer: the setting is read when the dialog opens and saved from it.
 */
export function AddPolicyModal({ open, onClose }: AddPolicyModalProps) {
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useSchemaForm(addPolicyBodySchema, { defaultValues: { add_policy: DEFAULT_ADD_POLICY } });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  // Read when the dialog mounts (the menu mounts it as it opens), and again on Try Again.
  useEffect(() => {
    const controller = new AbortController();
    apiFetchChecked(meResponseSchema, ME, { signal: controller.signal }).then(
      ({ user }) => {
        reset({ add_policy: user.add_policy });
        setLoaded(true);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorMessage(error, 'Failed to load your settings'));
      },
    );
    return () => controller.abort();
  }, [attempt, reset]);

  const save = async (body: AddPolicyBody) => {
    await apiFetchChecked(meResponseSchema, `${ME}/add-policy`, { method: 'PUT', body });
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
          <Button
            variant="secondary"
            onClick={() => {
              setLoadError(null);
              setAttempt((n) => n + 1);
            }}
          >
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
