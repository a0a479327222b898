import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { AccountAreaFrame } from '../../shared/AccountAreaFrame';
import type { FlowScreenProps } from '../../shared/flow';
import { InvoicesTable, PaymentsView } from './PaymentsView';
import {
  invoicesTexts,
  selectInvoiceRows,
  selectInvoicesLoadFailed,
  selectInvoicesLoading,
  selectNoInvoices,
  type invoicesMachine,
} from './invoicesMachine';
import type { PaymentsActors } from './payments.flow';
import {
  selectCanManage,
  selectCanSubscribe,
  selectInvoicesRef,
  selectOpeningPortal,
  selectPlanAlert,
  selectPlanBusy,
  selectPlanLoadFailed,
  selectPlanLoading,
  selectPromotion,
  selectPromotionErrors,
  selectStartingCheckout,
  selectStatusWords,
  selectValidatingCode,
} from './subscriptionPlanMachine';

/** Subscription / Invoices at /account/organisation/payments, in the account area. */
export function PaymentsScreen({ flow, user }: FlowScreenProps<PaymentsActors>) {
  const ref = flow.subscriptionPlan;
  const invoicesRef = useSelector(ref, selectInvoicesRef);
  const view = (
    <PaymentsView
      loading={useSelector(ref, selectPlanLoading)}
      loadFailed={useSelector(ref, selectPlanLoadFailed)}
      onRetry={() => ref.send({ type: 'retry' })}
      alert={useSelector(ref, selectPlanAlert)}
      onDismissAlert={() => ref.send({ type: 'alert.dismiss' })}
      statusText={useSelector(ref, selectStatusWords)?.text ?? null}
      canSubscribe={useSelector(ref, selectCanSubscribe)}
      canManage={useSelector(ref, selectCanManage)}
      busy={useSelector(ref, selectPlanBusy)}
      validatingCode={useSelector(ref, selectValidatingCode)}
      startingCheckout={useSelector(ref, selectStartingCheckout)}
      openingPortal={useSelector(ref, selectOpeningPortal)}
      promotion={useSelector(ref, selectPromotion)}
      promotionErrors={useSelector(ref, selectPromotionErrors)}
      onApplyPromotion={(code) => ref.send({ type: 'promotion.apply', code })}
      onRemovePromotion={() => ref.send({ type: 'promotion.remove' })}
      onSubscribe={() => ref.send({ type: 'checkout.start' })}
      onManage={() => ref.send({ type: 'portal.open' })}
      invoices={invoicesRef ? <Invoices invoicesRef={invoicesRef} /> : null}
    />
  );
  if (!user) return null;
  return (
    <AccountAreaFrame user={user} path="/account/organisation/payments">
      {view}
    </AccountAreaFrame>
  );
}

/** The invoice table's connector (the invoices machine runs inside the subscription's). */
function Invoices({ invoicesRef }: { invoicesRef: ActorRefFrom<typeof invoicesMachine> }) {
  return (
    <InvoicesTable
      loading={useSelector(invoicesRef, selectInvoicesLoading)}
      loadFailed={useSelector(invoicesRef, selectInvoicesLoadFailed)}
      loadFailedText={invoicesTexts.loadFailed}
      onRetry={() => invoicesRef.send({ type: 'retry' })}
      rows={useSelector(invoicesRef, selectInvoiceRows)}
      empty={useSelector(invoicesRef, selectNoInvoices)}
      emptyText={invoicesTexts.empty}
    />
  );
}
