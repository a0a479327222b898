import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from '../utils/cx';
import styles from './MenuButton.module.css';

export type MenuButtonItem =
  | { kind: 'link'; label: string; href: string; icon?: ReactNode }
  | {
      kind: 'action';
      label: string;
      onSelect: () => void;
      icon?: ReactNode;
      /** The item stands for the current choice (aria-current), e.g. the current organisation. */
      current?: boolean;
    };

/** Items under a visible label, listed before the menu's own items. */
export interface MenuButtonSection {
  label: string;
  items: readonly MenuButtonItem[];
}

export interface MenuButtonProps {
  /** Accessible name of the trigger button (e.g. 'Account settings'). */
  label: string;
  /** What the trigger shows (an icon or an avatar); decorative. */
  trigger: ReactNode;
  items: readonly MenuButtonItem[];
  /** Content shown above the items (e.g. the signed-in user's name). */
  header?: ReactNode;
  /** Labelled groups of items shown between the header and the items. */
  sections?: readonly MenuButtonSection[];
  /** Which edge of the trigger the popover lines up with. */
  align?: 'start' | 'end';
  /** Extra class for the trigger button. */
  triggerClassName?: string;
}

/**
 * A button that discloses a small popover of links and actions (the disclosure pattern: Tab moves
 * through the items). Escape closes it and returns focus to the button; so do a click outside,
 * focus leaving it, and choosing an item.
 */
export function MenuButton({
  label,
  trigger,
  items,
  header,
  sections = [],
  align = 'end',
  triggerClassName,
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (
        rootRef.current &&
        event.target instanceof Node &&
        !rootRef.current.contains(event.target)
      )
        setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (
        rootRef.current &&
        event.target instanceof Node &&
        !rootRef.current.contains(event.target)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  const list = (entries: readonly MenuButtonItem[]) => (
    <ul className={styles.list}>
      {entries.map((item, index) => (
        <li key={`${index} ${item.label}`}>
          {item.kind === 'link' ? (
            <Link href={item.href} className={styles.item} onClick={() => close(false)}>
              <ItemContent item={item} />
            </Link>
          ) : (
            <button
              type="button"
              className={styles.item}
              aria-current={item.current ? 'true' : undefined}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              <ItemContent item={item} />
            </button>
          )}
        </li>
      ))}
    </ul>
  );

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        ref={buttonRef}
        type="button"
        className={cx(styles.trigger, triggerClassName)}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {trigger}
      </button>
      {open ? (
        <div
          id={popoverId}
          className={cx(styles.popover, align === 'start' ? styles.alignStart : styles.alignEnd)}
        >
          {header ? <div className={styles.header}>{header}</div> : null}
          {sections.map((section, index) => (
            <div
              key={section.label}
              role="group"
              aria-labelledby={`${popoverId}-${index}`}
              className={styles.section}
            >
              <p id={`${popoverId}-${index}`} className={styles.sectionLabel}>
                {section.label}
              </p>
              {list(section.items)}
            </div>
          ))}
          {list(items)}
        </div>
      ) : null}
    </div>
  );
}

/** An item's icon (decorative) and label, the same for a link and an action. */
function ItemContent({ item }: { item: MenuButtonItem }) {
  return (
    <>
      {item.icon ? (
        <span className={styles.icon} aria-hidden="true">
          {item.icon}
        </span>
      ) : null}
      <span>{item.label}</span>
    </>
  );
}
