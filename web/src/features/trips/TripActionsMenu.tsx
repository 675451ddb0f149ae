import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { useDismissOnOutsidePress } from '../../app/layout/useDismiss';
import styles from './TripActionsMenu.module.css';

interface TripActionsMenuProps {
  tripName: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** The card's ⋮ menu (menu button pattern): Edit Trip and Delete Trip. */
export function TripActionsMenu({ tripName, onEdit, onDelete }: TripActionsMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismissOnOutsidePress(open, close, rootRef);

  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-label={`Actions for ${tripName}`}
        title="Trip actions"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((current) => !current)}
      >
        <MoreVertical size={20} aria-hidden="true" />
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        className={styles.menu}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        <li role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={styles.item}
            onClick={choose(onEdit)}
          >
            <Pencil size={18} aria-hidden="true" />
            Edit Trip
          </button>
        </li>
        <li role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={`${styles.item} ${styles.danger}`}
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
