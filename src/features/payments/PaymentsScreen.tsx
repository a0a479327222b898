import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { AccountAreaFrame } from '../../shared/AccountAreaFrame';
import type { FlowScreenProps } from '../../shared/flow';
import { InvoicesTable, PaymentsView } from './PaymentsView';
import * as invoices from './invoicesMachine';
import type { PaymentsActors } from './payments.flow';
import * as plan from './subscriptionPlanMachine';

/** Subscription / Invoices at /account/organisation/payments, in the account area. */
export function PaymentsScreen({ flow, user }: FlowScreenProps<PaymentsActors>) {
  const ref = flow.subscriptionPlan;
  const invoicesRef = useSelector(ref, plan.selectInvoicesRef);
  const view = (
    <PaymentsView
      loading={useSelector(ref, plan.selectPlanLoading)}
      loadFailed={useSelector(ref, plan.selectPlanLoadFailed)}
      onRetry={() => ref.send({ type: 'retry' })}
      alert={useSelector(ref, plan.selectPlanAlert)}
      onDismissAlert={() => ref.send({ type: 'alert.dismiss' })}
      statusText={useSelector(ref, plan.selectStatusWords)?.text ?? null}
      canSubscribe={useSelector(ref, plan.selectCanSubscribe)}
      plan={useSelector(ref, plan.selectPlanPrice)}
      canManage={useSelector(ref, plan.selectCanManage)}
      busy={useSelector(ref, plan.selectPlanBusy)}
      validatingCode={useSelector(ref, plan.selectValidatingCode)}
      startingCheckout={useSelector(ref, plan.selectStartingCheckout)}
      openingPortal={useSelector(ref, plan.selectOpeningPortal)}
      promotion={useSelector(ref, plan.selectPromotion)}
      promotionErrors={useSelector(ref, plan.selectPromotionErrors)}
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
function Invoices({ invoicesRef }: { invoicesRef: ActorRefFrom<typeof invoices.invoicesMachine> }) {
  return (
    <InvoicesTable
      loading={useSelector(invoicesRef, invoices.selectInvoicesLoading)}
      loadFailed={useSelector(invoicesRef, invoices.selectInvoicesLoadFailed)}
      loadFailedText={invoices.invoicesTexts.loadFailed}
      onRetry={() => invoicesRef.send({ type: 'retry' })}
      rows={useSelector(invoicesRef, invoices.selectInvoiceRows)}
      empty={useSelector(invoicesRef, invoices.selectNoInvoices)}
      emptyText={invoices.invoicesTexts.empty}
    />
  );
}
