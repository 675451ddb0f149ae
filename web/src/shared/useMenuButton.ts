import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useDismissOnOutsidePress } from './useDismiss';

/**
 * The WAI-ARIA menu button pattern, shared by every dropdown: the button toggles (ArrowUp/Down open it), the first
 * item takes focus on open, arrows and Home/End move, Escape closes and returns focus to the button, Tab and a
 * press outside close it.
 */
export function useMenuButton() {
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
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusAt(index + 1),
      ArrowUp: () => focusAt(index - 1),
      Home: () => focusAt(0),
      End: () => focusAt(items.length - 1),
      Escape: () => {
        setOpen(false);
        buttonRef.current?.focus();
      },
    };
    if (event.key === 'Tab') setOpen(false);
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
    }
  };

  /**
   * Wraps a menu item's action so choosing it also closes the menu and gives focus back to the button, before the
   * action runs: a dialog it opens then returns focus there, not to the item the closed menu hides.
   */
  const choose = (action: () => void) => () => {
    setOpen(false);
    buttonRef.current?.focus();
    action();
  };

  return {
    open,
    rootRef,
    choose,
    buttonProps: {
      ref: buttonRef,
      id: buttonId,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': menuId,
      onClick: () => setOpen((current) => !current),
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          setOpen(true);
        }
      },
    },
    menuProps: {
      ref: menuRef,
      id: menuId,
      role: 'menu' as const,
      'aria-labelledby': buttonId,
      hidden: !open,
      onKeyDown: onMenuKeyDown,
    },
  };
}
