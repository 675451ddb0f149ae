import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../cx';
import styles from './Tabs.module.css';
import { useScrollMore } from './useScrollMore';

interface TabsProps<K extends string> {
  label: string;
  /** In order; a count shows as a badge after the label. */
  tabs: Array<{ key: K; label: string; count?: number }>;
  active: K;
  onChange: (key: K) => void;
  children: ReactNode;
}

/**
 * ARIA tabs over one panel (the children: the active tab's content). Arrow keys move between tabs, Home and End jump
 * to the ends (WAI-ARIA tabs pattern, automatic activation). On a narrow screen the row scrolls sideways: an end with
 * more tabs out of sight fades out, and the active tab is scrolled into view whenever it changes.
 */
export function Tabs<K extends string>({ label, tabs, active, onChange, children }: TabsProps<K>) {
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const list = useRef<HTMLDivElement>(null);
  const more = useScrollMore(list);
  // On a change only: the page opening on a tab below the fold is not scrolled to it.
  const shown = useRef(active);
  useEffect(() => {
    if (shown.current === active) return;
    shown.current = active;
    refs.current.get(active)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.key === active);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    const next = target === undefined ? undefined : tabs[target];
    if (!next) return;
    event.preventDefault();
    onChange(next.key);
    refs.current.get(next.key)?.focus();
  };
  return (
    <div className={styles.tabs}>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        className={styles.list}
        data-more={more}
        onKeyDown={onKeyDown}
      >
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
            {tab.count !== undefined && <span className={styles.count}>{tab.count}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${active}`} className={styles.panel}>
        {children}
      </div>
    </div>
  );
}
