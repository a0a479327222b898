import { createElement } from 'react';
import type { FlowEntryFactory, FlowScreenProps } from '../../shared/flow';
import { referenceListLogic } from '../../shared/referenceListActors';
import { ReferenceListScreen } from '../../shared/ReferenceListScreen';
import type { CurrenciesActors } from './currencies.flow';

/** Currencies: the reference list machine with the currencies calls. */
const entry: FlowEntryFactory<undefined, CurrenciesActors> = (services) => {
  const logic = referenceListLogic(services.http, 'currencies');
  function Screen({ flow }: FlowScreenProps<CurrenciesActors>) {
    return createElement(ReferenceListScreen, { actor: flow.referenceList, kind: 'currencies' });
  }
  return {
    start: () => ({ referenceList: { logic, input: { kind: 'currencies' } } }),
    Screen,
  };
};

export default entry;
