import { LogIn } from 'lucide-react';
import { Button } from './Button';

export interface ThirdPartyButtonProps {
  /** The visible label, e.g. 'Sign up with Google' or 'Login with Google'. */
  label: string;
  /** While the provider's popup and the call run: spinner, `busyText`, presses ignored. */
  busy?: boolean;
  /** Defaults to 'Please wait...'. */
  busyText?: string;
  onClick: () => void;
  className?: string;
}

/** The third-party sign-in button (spec §2.3 Login and Signup): a full-width secondary button. */
export function ThirdPartyButton({
  label,
  busy = false,
  busyText = 'Please wait...',
  onClick,
  className,
}: ThirdPartyButtonProps) {
  return (
    <Button
      variant="secondary"
      size="lg"
      fullWidth
      icon={<LogIn focusable="false" size={20} />}
      busy={busy}
      busyText={busyText}
      onClick={onClick}
      className={className}
    >
      {label}
    </Button>
  );
}
