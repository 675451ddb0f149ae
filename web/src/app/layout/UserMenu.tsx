import { ChevronDown, LogOut } from 'lucide-react';
import { useMenuButton } from '../../shared/useMenuButton';
import { cx } from '../../shared/cx';
import menuStyles from '../../shared/ui/Menu.module.css';
import styles from './UserMenu.module.css';

interface UserMenuProps {
  firstName: string;
  onLogout: () => void;
}

/** The account dropdown (menu button pattern): arrows move, Escape closes and returns focus to the button. */
export function UserMenu({ firstName, onLogout }: UserMenuProps) {
  const { rootRef, buttonProps, menuProps, choose } = useMenuButton();

  return (
    <div ref={rootRef} className={styles.root}>
      <button {...buttonProps} className={styles.trigger}>
        <span className={styles.avatar} aria-hidden="true">
          {firstName.charAt(0)}
        </span>
        <span className={styles.name}>{firstName}</span>
        <ChevronDown className={styles.chevron} size={16} aria-hidden="true" />
      </button>
      <ul {...menuProps} className={cx(menuStyles.menu, styles.menu)}>
        <li role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={menuStyles.item}
            onClick={choose(onLogout)}
          >
            <LogOut size={18} aria-hidden="true" />
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}
