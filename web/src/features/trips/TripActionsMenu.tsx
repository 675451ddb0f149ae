import { LogOut, MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { useMenuButton } from '../../shared/useMenuButton';
import { cx } from '../../shared/cx';
import menuStyles from '../../shared/ui/Menu.module.css';
import styles from './TripActionsMenu.module.css';

interface TripActionsMenuProps {
  tripName: string;
  onEdit: () => void;
  onDelete: () => void;
  /** A participant's (not the owner's): Leave Trip. */
  onLeave?: () => void;
}

/** The card's ⋮ menu (menu button pattern): Edit Trip, Leave Trip for a participant, and Delete Trip. */
export function TripActionsMenu({ tripName, onEdit, onDelete, onLeave }: TripActionsMenuProps) {
  const { rootRef, buttonProps, menuProps, choose } = useMenuButton();

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        {...buttonProps}
        className={styles.trigger}
        aria-label={`Actions for ${tripName}`}
        title="Trip actions"
      >
        <MoreVertical size={20} aria-hidden="true" />
      </button>
      <ul {...menuProps} className={menuStyles.menu}>
        <li role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={menuStyles.item}
            onClick={choose(onEdit)}
          >
            <Pencil size={18} aria-hidden="true" />
            Edit Trip
          </button>
        </li>
        {onLeave && (
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={menuStyles.item}
              onClick={choose(onLeave)}
            >
              <LogOut size={18} aria-hidden="true" />
              Leave Trip
            </button>
          </li>
        )}
        <li role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={cx(menuStyles.item, menuStyles.danger)}
            onClick={choose(onDelete)}
          >
            <Trash2 size={18} aria-hidden="true" />
            Delete Trip
          </button>
        </li>
      </ul>
    </div>
  );
}
