import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../shared/cx';
import styles from './Tabs.module.css';

export type TabKey = 'participants' | 'expenses' | 'settlements';

interface TabsProps<K extends string> {
  label: string;
  tabs: Array<{ key: K; label: string; count: number }>;
  active: K;
  onChange: (key: K) => void;
  children: ReactNode;
}

/** ARIA tabs with counts; arrow keys move between them (WAI-ARIA tabs pattern, automatic activation). */
export function Tabs<K extends string>({ label, tabs, active, onChange, children }: TabsProps<K>) {
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = tabs.findIndex((t) => t.key === active);
    const next = tabs[(index + step + tabs.length) % tabs.length] as (typeof tabs)[number];
    onChange(next.key);
    refs.current.get(next.key)?.focus();
  };
  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(node) => {
              if (node) refs.current.set(tab.key, node);
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === active ? 0 : -1}
            className={cx(styles.tab, tab.key === active && styles.active)}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
            <span className={styles.count}>{tab.count}</span>
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${active}`} className={styles.panel}>
        {children}
      </div>
    </div>
  );
}
