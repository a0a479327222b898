import { Alert, type AlertProps } from './Alert';

export interface ErrorAlertProps extends Omit<AlertProps, 'level' | 'messages'> {
  /** The error to show (its messages), or null/undefined for none. */
  error: { readonly messages: readonly string[] } | null | undefined;
}

/**
 * A Danger alert for a flow's error, shown only while there is one. Its own module, so that the
 * landing route (which has no such form) does not carry it.
 */
export function ErrorAlert({ error, ...props }: ErrorAlertProps) {
  return error ? <Alert level="Danger" messages={error.messages} {...props} /> : null;
}
