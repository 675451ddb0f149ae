import { Suspense, useState } from 'react';
import { ADD_POLICY_QUESTION } from '@wayfare/contract';
import { ChevronDown, LogOut, UserPlus, Wallet } from 'lucide-react';
import { lazyNamed } from '@/shared/lazyNamed';
import { useMenuButton } from '@/shared/useMenuButton';
import { cx } from '@/shared/cx';
import { MenuItem } from '@/shared/ui/MenuItem';
import menuStyles from '@/shared/ui/Menu.module.css';
import styles from './UserMenu.module.css';

// The setting's dialog (zod and the contract's schemas) loads when it is first opened, not with every page.
const AddPolicyModal = lazyNamed(() => import('@/features/auth/AddPolicyModal'), 'AddPolicyModal');
const PaymentDetailsModal = lazyNamed(
  () => import('@/features/auth/PaymentDetailsModal'),
  'PaymentDetailsModal',
);

interface UserMenuProps {
  firstName: string;
  onLogout: () => void;
}

/**
 * The account dropdown (menu button pattern): arrows move, Escape closes and returns focus to the button. It holds
 * the account settings "Who can add me to a trip" and "Payment details", and Logout.
 */
export function UserMenu({ firstName, onLogout }: UserMenuProps) {
  const { rootRef, buttonProps, menuProps, choose } = useMenuButton();
  const [settingOpen, setSettingOpen] = useState(false);
  const [paymentsOpen, setPaymentsOpen] = useState(false);

  return (
    <div ref={rootRef} className={styles.root}>
      <button {...buttonProps} className={styles.trigger}>
        {/* data-user: where index.html's frame gets the name written in before the app runs (firstLoad.ts). */}
        <span className={styles.avatar} aria-hidden="true" data-user="initial">
          {firstName.charAt(0)}
        </span>
        <span className={styles.name} data-user="first-name">
          {firstName}
        </span>
        <ChevronDown className={styles.chevron} size={16} aria-hidden="true" />
      </button>
      <ul {...menuProps} className={cx(menuStyles.menu, styles.menu)}>
        <MenuItem icon={UserPlus} onClick={choose(() => setSettingOpen(true))}>
          {ADD_POLICY_QUESTION}
        </MenuItem>
        <MenuItem icon={Wallet} onClick={choose(() => setPaymentsOpen(true))}>
          Payment details
        </MenuItem>
        <MenuItem icon={LogOut} onClick={choose(onLogout)}>
          Logout
        </MenuItem>
      </ul>
      {settingOpen && (
        <Suspense fallback={null}>
          <AddPolicyModal open onClose={() => setSettingOpen(false)} />
        </Suspense>
      )}
      {paymentsOpen && (
        <Suspense fallback={null}>
          <PaymentDetailsModal open onClose={() => setPaymentsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
