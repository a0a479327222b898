import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../views/components/Alert';
import { Button } from '../../views/components/Button';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';
import { NewTabLink } from '../../views/components/NewTabLink';
import { Cell, DataTable } from '../../views/components/DataTable';
import { linkButtonClass } from '../../views/components/LinkButton';
import { TextField } from '../../views/components/TextField';
import { AccountPanel, type AccountAlert } from '../../views/layouts/AccountPanel';
import styles from '../../views/layouts/AccountScreen.module.css';
import own from './PaymentsView.module.css';

/** One row of the invoice table, as its machine words it. */
export interface InvoiceRowProps {
  number: string;
  date: string;
  status: string;
  total: string;
  pdfUrl: string | null;
}

export interface InvoicesTableProps {
  loading: boolean;
  /** 'Error getting invoices' (spec §8), with a retry. */
  loadFailed: boolean;
  loadFailedText: string;
  onRetry: () => void;
  rows: readonly InvoiceRowProps[];
  /** 'There are no invoices'. */
  empty: boolean;
  emptyText: string;
}

export interface PaymentsViewProps {
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  alert: AccountAlert | null;
  onDismissAlert: () => void;
  /** The subscription's status in words (null until read). */
  statusText: string | null;
  canSubscribe: boolean;
  /** The plan Subscribe buys and its price ('£12.00 a month'), shown before checkout; or null. */
  plan: { name: string; price: string } | null;
  canManage: boolean;
  busy: boolean;
  validatingCode: boolean;
  startingCheckout: boolean;
  openingPortal: boolean;
  /** The applied promotional code and what it takes off. */
  promotion: { promotionalCode: string; description: string } | null;
  promotionErrors: readonly string[] | null;
  onApplyPromotion: (code: string) => void;
  onRemovePromotion: () => void;
  onSubscribe: () => void;
  onManage: () => void;
  /** The invoice table (its own connector), once the subscription is read. */
  invoices: ReactNode;
}

/**
 * Subscription / Invoices (spec §2.3): the subscription's status in words; for an
 * Administrator, Subscribe with an optional promotional code (applied, that is validated,
 * first) or Manage subscription (the billing portal); then the invoice table.
 */
export function PaymentsView(props: PaymentsViewProps) {
  return (
    <AccountPanel title="Subscription / Invoices" wide status={props}>
      <section className={styles.section} aria-labelledby="subscription-title">
        <h2 id="subscription-title" className={styles.sectionTitle}>
          Subscription
        </h2>
        <dl className={styles.facts}>
          <dt>Status</dt>
          <dd>{props.statusText}</dd>
          {props.plan ? (
            <>
              <dt>Plan</dt>
              <dd>{props.plan.name}</dd>
              <dt>Price</dt>
              <dd>{props.plan.price}</dd>
            </>
          ) : null}
        </dl>
        {props.canSubscribe ? <SubscribeForm {...props} /> : null}
        {props.canManage ? (
          <div className={styles.actions}>
            <Button
              variant="secondary"
              busy={props.openingPortal}
              busyText="Opening billing portal..."
              aria-disabled={props.busy && !props.openingPortal ? true : undefined}
              onClick={() => {
                if (!props.busy) props.onManage();
              }}
            >
              Manage subscription
            </Button>
          </div>
        ) : null}
      </section>
      <section className={styles.section} aria-labelledby="invoices-title">
        <h2 id="invoices-title" className={styles.sectionTitle}>
          Invoices
        </h2>
        {props.invoices}
      </section>
    </AccountPanel>
  );
}

function SubscribeForm({
  busy,
  validatingCode,
  startingCheckout,
  promotion,
  promotionErrors,
  onApplyPromotion,
  onRemovePromotion,
  onSubscribe,
}: PaymentsViewProps) {
  const [code, setCode] = useState('');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onApplyPromotion(code);
  };
  return (
    <div className={styles.form}>
      {promotion ? (
        <p className={own.applied} role="status">
          <span>
            Promotional code <span className={own.code}>{promotion.promotionalCode}</span>:{' '}
            {promotion.description}
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              if (!busy) onRemovePromotion();
            }}
          >
            Remove code
          </Button>
        </p>
      ) : (
        <form className={own.promotion} noValidate onSubmit={apply}>
          <TextField
            label="Promotional code (optional)"
            name="promotionalCode"
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            hint="Apply it before you subscribe."
            error={promotionErrors?.join(' ')}
          />
          <Button type="submit" variant="secondary" busy={validatingCode} busyText="Checking...">
            Apply
          </Button>
        </form>
      )}
      <div className={styles.actions}>
        <Button
          busy={startingCheckout}
          busyText="Opening checkout..."
          aria-disabled={busy && !startingCheckout ? true : undefined}
          onClick={() => {
            if (!busy) onSubscribe();
          }}
        >
          Subscribe
        </Button>
      </div>
    </div>
  );
}

/** The invoice table: #, Date, Status, Total, Download (the PDF in a new tab). */
export function InvoicesTable({
  loading,
  loadFailed,
  loadFailedText,
  onRetry,
  rows,
  empty,
  emptyText,
}: InvoicesTableProps) {
  if (loading) return <LoadingIndicator />;
  if (loadFailed) {
    return (
      <>
        <Alert level="Danger" messages={[loadFailedText]} />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      </>
    );
  }
  if (empty) return <p className={own.empty}>{emptyText}</p>;
  return (
    <DataTable label="Invoices table" columnsFrom={32}>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Date</th>
          <th scope="col">Status</th>
          <th scope="col" className={own.number}>
            Total
          </th>
          <th scope="col">Download</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={`${row.number}-${index}`}>
            <Cell kind="title">{row.number}</Cell>
            <Cell label="Date">{row.date}</Cell>
            <Cell label="Status">{row.status}</Cell>
            <Cell label="Total" className={own.number}>
              {row.total}
            </Cell>
            <Cell kind="actions">
              {row.pdfUrl ? (
                <NewTabLink href={row.pdfUrl} className={linkButtonClass('ghost', 'sm')}>
                  Download<span className="visually-hidden"> invoice {row.number}</span>
                </NewTabLink>
              ) : null}
            </Cell>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
