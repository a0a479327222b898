import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../utils/cx';
import styles from './Tabs.module.css';

export interface TabItem {
  /** Unique within the tabs; also names the panel. */
  key: string;
  label: string;
  panel: ReactNode;
}

export interface TabsProps {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabItem[];
  className?: string;
  /**
   * Controlled: the selected tab's key, owned by the caller (e.g. a machine that loads each
   * tab's content), who is told of every choice through `onSelect`. Without it the tabs keep
   * their own choice.
   */
  selected?: string;
  onSelect?: (key: string) => void;
}

/**
 * Tabs in the WAI-ARIA tabs pattern: one tab in the Tab order (the selected one), Left/Right
 * arrows move between tabs and select them (wrapping), Home and End go to the first and last;
 * the panel follows, focusable so keyboard users can reach content without links.
 */
export function Tabs({ label, tabs, className, selected: selectedKey, onSelect }: TabsProps) {
  const id = useId();
  const [ownSelected, setOwnSelected] = useState(0);
  const controlled = tabs.findIndex((tab) => tab.key === selectedKey);
  const selected = selectedKey === undefined || controlled < 0 ? ownSelected : controlled;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const setSelected = (index: number) => {
    setOwnSelected(index);
    const key = tabs[index]?.key;
    if (onSelect && key !== undefined) onSelect(key);
  };
  const select = (index: number) => {
    setSelected(index);
    refs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    select(to);
  };
  const current = tabs[selected];
  return (
    <div className={cx(styles.tabs, className)}>
      <div role="tablist" aria-label={label} className={styles.list}>
        {tabs.map((tab, index) => {
          const isSelected = index === selected;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                refs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={isSelected}
              aria-controls={`${id}-panel-${tab.key}`}
              tabIndex={isSelected ? 0 : -1}
              className={cx(styles.tab, isSelected && styles.selected)}
              onClick={() => setSelected(index)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current ? (
        <div
          role="tabpanel"
          id={`${id}-panel-${current.key}`}
          aria-labelledby={`${id}-tab-${current.key}`}
          tabIndex={0}
          className={styles.panel}
        >
          {current.panel}
        </div>
      ) : null}
    </div>
  );
}
