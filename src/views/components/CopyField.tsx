import { useEffect, useId, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from './Button';
import styles from './CopyField.module.css';

/** Spec §9: the copy confirmation lasts 3 seconds. */
export const COPIED_MS = 3000;

export interface CopyFieldProps {
  label: string;
  value: string;
  /** Writes the text to the clipboard (the connector gives the browser's clipboard). */
  onCopy: (value: string) => Promise<void>;
  /** The button's visible label before copying (spec: 'Copy'; the invitation row: 'Copy Link'). */
  copyLabel?: string;
}

/**
 * The copy-to-clipboard field (spec §2.3 Shared widgets): the text read-only, and a button whose
 * 'Copy' becomes 'Copied' for 3 seconds, announced politely.
 */
export function CopyField({ label, value, onCopy, copyLabel = 'Copy' }: CopyFieldProps) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.row}>
        <input id={id} className={styles.input} value={value} readOnly />
        <Button
          variant="secondary"
          size="sm"
          icon={
            copied ? (
              <Check aria-hidden="true" focusable="false" size={16} />
            ) : (
              <Copy aria-hidden="true" focusable="false" size={16} />
            )
          }
          onClick={() => {
            void onCopy(value).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : copyLabel}
        </Button>
      </div>
    </div>
  );
}
