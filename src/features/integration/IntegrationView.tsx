import { ExternalLink } from 'lucide-react';
import { Button } from '../../views/components/Button';
import { AccountPanel, type AccountAlert } from '../../views/layouts/AccountPanel';
import styles from '../../views/layouts/AccountScreen.module.css';
import own from './IntegrationView.module.css';

export interface IntegrationFactsProps {
  provider: string;
  customerExists: boolean;
  customerId: string | null;
  subscriptionId: string | null;
  subscriptionStatus: string | null;
}

export interface IntegrationViewProps {
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  alert: AccountAlert | null;
  onDismissAlert: () => void;
  facts: IntegrationFactsProps | null;
  canOpenPortal: boolean;
  openingPortal: boolean;
  onOpenPortal: () => void;
}

const NONE = 'None';

/**
 * Integration (issue 18 item 5): the organisation's connection to the payment provider —
 * whether a customer exists, its id, the subscription's id and status — and, for an
 * Administrator of a customer, a button to the provider's billing portal.
 */
export function IntegrationView(props: IntegrationViewProps) {
  const { facts, canOpenPortal, openingPortal, onOpenPortal } = props;
  return (
    <AccountPanel
      title="Integration"
      lead="Your organisation's connection to the payment provider."
      status={props}
    >
      {facts ? (
        <>
          <dl className={styles.facts}>
            <dt>Payment provider</dt>
            <dd>{facts.provider}</dd>
            <dt>Customer</dt>
            <dd>{facts.customerExists ? 'Exists' : 'Not created yet'}</dd>
            <dt>Customer id</dt>
            <dd className={own.code}>{facts.customerId ?? NONE}</dd>
            <dt>Subscription id</dt>
            <dd className={own.code}>{facts.subscriptionId ?? NONE}</dd>
            <dt>Subscription status</dt>
            <dd>{facts.subscriptionStatus ?? NONE}</dd>
          </dl>
          {canOpenPortal ? (
            <div className={styles.actions}>
              <Button
                variant="secondary"
                icon={<ExternalLink size={18} />}
                busy={openingPortal}
                busyText="Opening billing portal..."
                onClick={onOpenPortal}
              >
                Open billing portal
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </AccountPanel>
  );
}
