import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown, LogOut } from 'lucide-react';
import styles from './UserMenu.module.css';
import { useDismissOnOutsidePress } from './useDismiss';

interface UserMenuProps {
  firstName: string;
  onLogout: () => void;
}

/** The account dropdown (menu button pattern): arrows move, Escape closes and returns focus to the button. */
export function UserMenu({ firstName, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const buttonId = useId();
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismissOnOutsidePress(open, close, rootRef);

  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
        break;
      case 'Tab':
        setOpen(false);
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
    }
  };

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className={styles.avatar} aria-hidden="true">
          {firstName.charAt(0)}
        </span>
        <span className={styles.name}>{firstName}</span>
        <ChevronDown className={styles.chevron} size={16} aria-hidden="true" />
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
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
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            <LogOut size={18} aria-hidden="true" />
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}
