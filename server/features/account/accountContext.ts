import type { BillingProvider } from '../../billing/provider';
import type { MediaService } from '../../media/service';
import type { IdentityDeps } from '../identity/identityContext';
import type { AccountLimits } from './limits';

/**
 * What the account settings calls need: the identity operations' dependencies (the database, the
 * clock, sessions, mail, the emailed links' settings, the log), the media service (the personal
 * data's files, the files of a deleted account), the feed's memory (its rows carry handles and
 * avatars), the limits per account, and the billing provider (an owner's deletion deletes the
 * organisation's customer there; null in production without the payment keys).
 */
export interface AccountDeps extends IdentityDeps {
  media: MediaService;
  feedPages: { invalidate(): void };
  accountLimits: AccountLimits;
  billing: Pick<BillingProvider, 'deleteCustomer'> | null;
}
