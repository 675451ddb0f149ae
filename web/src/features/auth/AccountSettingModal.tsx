import { useId, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/shared/api';
import { DataLayer } from '@/shared/query/DataLayer';
import { Button } from '@/shared/ui/Button';
import { LoadingState } from '@/shared/ui/Spinner';
import { Modal } from '@/shared/ui/Modal';
import { Notice } from '@/shared/ui/Notice';
import { meQuery } from './accountMutations';
import { useSession } from './SessionContext';
import styles from './AddPolicyModal.module.css';

export interface AccountSettingModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * An account setting's dialog, opened from the account menu, which lives outside the screens' data layer: it brings
 * the signed-in user's own, in which the dialog reads and saves the account.
 */
export function inAccountDataLayer(Dialog: ComponentType<AccountSettingModalProps>) {
  return function AccountSettingModal(props: AccountSettingModalProps) {
    const { user } = useSession();
    return (
      <DataLayer userId={user?.userId}>
        <Dialog {...props} />
      </DataLayer>
    );
  };
}

interface AccountSettingFrameProps extends AccountSettingModalProps {
  title: string;
  submitting: boolean;
  /** The form's submit handler (react-hook-form's, which parses the fields before saving). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's fields, shown once the account is read (from the cache at once when read before, and read again). */
  children: ReactNode;
}

/** The dialog around a setting's form: Cancel and Save, and the account's loading and failed read. */
export function AccountSettingFrame({
  open,
  onClose,
  title,
  submitting,
  onSubmit,
  children,
}: AccountSettingFrameProps) {
  const formId = useId();
  const account = useQuery(meQuery());
  const user = account.data?.user;
  const loadError =
    !user && !account.isFetching && account.isError
      ? errorMessage(account.error, 'Failed to load your settings')
      : null;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          {user && (
            <Button type="submit" form={formId} loading={submitting} loadingText="Saving…">
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
      ) : user ? (
        <form id={formId} className={styles.body} onSubmit={onSubmit} noValidate>
          {children}
        </form>
      ) : (
        <LoadingState label="Loading your settings" />
      )}
    </Modal>
  );
}
