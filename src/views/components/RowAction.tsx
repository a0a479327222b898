import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from './Button';

export interface RowActionProps extends Omit<ButtonProps, 'icon' | 'variant' | 'size'> {
  /** The action's icon (a lucide-react component), drawn before its word and hidden from AT. */
  icon: LucideIcon;
}

/**
 * An action in a table row (Edit, Delete, Resend, Up…): a small ghost button with its icon and
 * its word; the caller names it for the row with `aria-label` (`Edit Ada Lovelace`).
 */
export function RowAction({ icon: Icon, ...rest }: RowActionProps) {
  return (
    <Button
      variant="ghost"
      size="sm"
      icon={<Icon aria-hidden="true" focusable="false" size={16} />}
      {...rest}
    />
  );
}
