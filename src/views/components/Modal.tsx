import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode, SyntheticEvent } from 'react';
import { X } from 'lucide-react';
import { Button } from './Button';
import styles from './Modal.module.css';

/** The button sets of the spec's modal dialog (§2.3 Shared widgets). */
export type ModalButtonSet = 'OK' | 'OkCancel' | 'YesNoCancel';
/** What closed the dialog; Escape, an outside click and the close button all give 'cancel'. */
export type ModalResult = 'ok' | 'cancel' | 'yes' | 'no';

export interface ModalProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  buttons?: ModalButtonSet;
  /** Called with the result; the owner then sets `open` to false. */
  onClose: (result: ModalResult) => void;
  /** 'danger' styles the confirming button (OK / Yes) as destructive. */
  tone?: 'default' | 'danger';
  okLabel?: string;
  cancelLabel?: string;
  yesLabel?: string;
  noLabel?: string;
}

/**
 * A modal dialog on the native <dialog> element (focus trap, inert background and top layer come
 * from the browser). Escape, a click outside the panel and the close button cancel it.
 */
export function Modal({
  open,
  title,
  children,
  buttons = 'OK',
  onClose,
  tone = 'default',
  okLabel = 'OK',
  cancelLabel = 'Cancel',
  yesLabel = 'Yes',
  noLabel = 'No',
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const cancel = () => onClose('cancel');

  // Escape: handled on keydown so it works the same everywhere; preventing it stops the
  // browser from also firing 'cancel'.
  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };
  // Other close requests (e.g. the Android back gesture) arrive as the dialog's 'cancel' event.
  const handleCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    cancel();
  };
  // The dialog element itself is only hit on its backdrop (the panel fills it). Both the press
  // and the release must be outside, so a text selection dragged out of the panel does not close it.
  const pressedOutside = useRef(false);
  const handleMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressedOutside.current = event.target === event.currentTarget;
  };
  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    const outside = pressedOutside.current && event.target === event.currentTarget;
    pressedOutside.current = false;
    if (outside) cancel();
  };

  const confirmVariant = tone === 'danger' ? 'danger' : 'primary';

  return (
    // Keyboard users close it with Escape or the buttons; the click handler only serves the backdrop.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      onKeyDown={handleKeyDown}
      onCancel={handleCancel}
      onMouseDown={handleMouseDown}
      onClick={handleClick}
    >
      {open ? (
        <div className={styles.panel}>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} aria-label="Close" onClick={cancel}>
              <X aria-hidden="true" focusable="false" size={20} />
            </button>
          </div>
          <div className={styles.content}>{children}</div>
          <div className={styles.footer}>
            {buttons === 'OK' ? (
              <Button variant={confirmVariant} onClick={() => onClose('ok')}>
                {okLabel}
              </Button>
            ) : null}
            {buttons === 'OkCancel' ? (
              <>
                <Button variant="secondary" onClick={cancel}>
                  {cancelLabel}
                </Button>
                <Button variant={confirmVariant} onClick={() => onClose('ok')}>
                  {okLabel}
                </Button>
              </>
            ) : null}
            {buttons === 'YesNoCancel' ? (
              <>
                <Button variant="ghost" onClick={cancel}>
                  {cancelLabel}
                </Button>
                <Button variant="secondary" onClick={() => onClose('no')}>
                  {noLabel}
                </Button>
                <Button variant={confirmVariant} onClick={() => onClose('yes')}>
                  {yesLabel}
                </Button>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
