import type { ComponentPropsWithRef } from 'react';
import { Search } from 'lucide-react';
import { cx } from '../utils/cx';
import { FieldShell, splitFieldProps } from './FieldShell';
import styles from './SearchField.module.css';

export interface SearchFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'size'> {
  /** The visible label, tied to the input with <label for>. */
  label: string;
  /** 'lg' for a screen's own search (Search), 'md' for a filter among other content. */
  size?: 'md' | 'lg';
  /** Class for the wrapper. */
  className?: string;
}

/** A labelled search input with the search icon inside it; autocomplete and spelling are off. */
export function SearchField({ size = 'md', ...props }: SearchFieldProps) {
  const [shell, inputProps] = splitFieldProps(props);
  return (
    <FieldShell {...shell}>
      {(control) => (
        <div className={styles.box}>
          <Search
            aria-hidden="true"
            focusable="false"
            size={size === 'lg' ? 20 : 18}
            className={styles.icon}
          />
          <input
            autoComplete="off"
            spellCheck={false}
            {...inputProps}
            {...control}
            type="search"
            className={cx(styles.input, size === 'lg' && styles.large)}
          />
        </div>
      )}
    </FieldShell>
  );
}
