import { LogOut, MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { useMenuButton } from '@/shared/useMenuButton';
import { MenuItem } from '@/shared/ui/MenuItem';
import menuStyles from '@/shared/ui/Menu.module.css';
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
        <MenuItem icon={Pencil} onClick={choose(onEdit)}>
          Edit Trip
        </MenuItem>
        {onLeave && (
          <MenuItem icon={LogOut} onClick={choose(onLeave)}>
            Leave Trip
          </MenuItem>
        )}
        <MenuItem icon={Trash2} danger onClick={choose(onDelete)}>
          Delete Trip
        </MenuItem>
      </ul>
    </div>
  );
}
