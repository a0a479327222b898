import type { MediaService } from '../../media/service';
import type { IdentityDeps } from '../identity/identityContext';
import type { AccountLimits } from './limits';

/**
 * What the account settings calls need: the identity operations' dependencies (the database, the
 * clock, sessions, mail, the emailed links' settings, the log), the media service (the personal
 * data's files, the files of a deleted account), the feed's memory (its rows carry handles and
 * avatars) and the limits per account.
 */
export interface AccountDeps extends IdentityDeps {
  media: MediaService;
  feedPages: { invalidate(): void };
  accountLimits: AccountLimits;
}
