import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cx } from '../utils/cx';
import styles from './DataTable.module.css';

/** The spec's breakpoint (768 px) in rem: a table of many columns needs about that much room. */
const COLUMNS_FROM_REM = 48;

/**
 * Cards while the element is no wider than `columnsFrom` rem, measured before the first paint
 * and again each time it is resized (a ResizeObserver: one threshold per table, which a CSS
 * container query cannot take as a parameter). Columns where nothing can be measured (jsdom).
 */
function useCards(columnsFrom: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [cards, setCards] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null || typeof ResizeObserver === 'undefined') return undefined;
    const remPx = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const decide = (width: number) => setCards(width <= columnsFrom * remPx);
    decide(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry !== undefined) decide(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [columnsFrom]);
  return { ref, cards };
}

/**
 * A data table (its thead and tbody are the children) that fits its space (issue 34): where
 * there is room (its own width above `columnsFrom` rem: the spec's 768 px unless the table's few
 * columns need less) every column and every action shows, the cells wrapping rather than the
 * table scrolling; where there is not (a phone, or a narrow column beside the side menu), each
 * row is a card that names its fields and keeps its actions. The choice follows the table's own
 * width, so a table beside a menu turns into cards when its space is narrow, whatever the
 * window's width.
 *
 * The cells are `Cell`s: each gives its column's heading (`label`), shown beside the value in a
 * card. With `grouped`, a record is a tbody of several rows (its extra rows full width), and
 * the tbody is the card.
 *
 * A feature's own styles follow the choice with `[data-layout='cards']` or
 * `[data-layout='columns']` on the table's container.
 *
 * The region keeps the focus and scrolls sideways as a last resort (a table whose columns
 * cannot wrap to the room there is), so a keyboard can scroll it (WCAG 2.1.1; axe
 * scrollable-region-focusable); `label` names it.
 */
export function DataTable({
  label,
  grouped = false,
  columnsFrom = COLUMNS_FROM_REM,
  children,
}: {
  label: string;
  grouped?: boolean;
  /** The width (rem) from which the table shows columns rather than cards. */
  columnsFrom?: number;
  children: ReactNode;
}) {
  const { ref, cards } = useCards(columnsFrom);
  return (
    <div ref={ref} className={styles.container} data-layout={cards ? 'cards' : 'columns'}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region, see above */}
      <div className={styles.region} tabIndex={0} role="region" aria-label={label}>
        <table className={cx(styles.table, grouped && styles.grouped)}>{children}</table>
      </div>
    </div>
  );
}

export interface CellProps {
  /** The column's heading: a card shows it beside the value. */
  label?: string;
  /**
   * 'title': the record's name, a card's heading (no label); 'actions': the row's buttons,
   * wrapping, a card's last line; 'wide': an extra row's only cell (colSpan), full width.
   */
  kind?: 'title' | 'actions' | 'wide';
  /** The row's header cell (th scope="row"), e.g. the name the row's actions are named by. */
  rowHeader?: boolean;
  /** Drawn in the table only (a drag handle): a card leaves it out. */
  tableOnly?: boolean;
  colSpan?: number;
  className?: string;
  'aria-hidden'?: boolean;
  children?: ReactNode;
}

/** A cell of a DataTable row (see DataTable): its value in a box a card lays out beside the label. */
export function Cell({
  label,
  kind,
  rowHeader = false,
  tableOnly = false,
  colSpan,
  className,
  children,
  ...rest
}: CellProps) {
  const Tag = rowHeader ? 'th' : 'td';
  return (
    <Tag
      scope={rowHeader ? 'row' : undefined}
      colSpan={colSpan}
      data-label={kind === undefined ? label : undefined}
      className={cx(kind && styles[kind], tableOnly && styles.tableOnly, className)}
      aria-hidden={rest['aria-hidden']}
    >
      <div className={kind === 'actions' ? styles.actionList : styles.value}>{children}</div>
    </Tag>
  );
}
