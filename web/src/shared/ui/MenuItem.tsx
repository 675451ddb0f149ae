import type { ComponentType, ReactNode } from 'react';
import { cx } from '../cx';
import menuStyles from './Menu.module.css';

interface MenuItemProps {
  /** A lucide icon, drawn at the menu's size and hidden from assistive technology (the text names the item). */
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;
  /** What choosing it does: pass `choose(action)` from useMenuButton, which closes the menu first. */
  onClick: () => void;
  danger?: boolean;
  children: ReactNode;
}

/** One item of a menu-button dropdown (useMenuButton): reached by the arrow keys, not by Tab. */
export function MenuItem({ icon: Icon, onClick, danger = false, children }: MenuItemProps) {
  return (
    <li role="none">
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className={cx(menuStyles.item, danger && menuStyles.danger)}
        onClick={onClick}
      >
        <Icon size={18} aria-hidden="true" />
        {children}
      </button>
    </li>
  );
}
