import { createElement } from 'react';
import type { FlowEntryFactory, FlowScreenProps } from '../../platform/flow';
import { referenceListLogic } from '../../platform/referenceListActors';
import { ReferenceListScreen } from '../../platform/ReferenceListScreen';
import type { CountriesActors } from './countries.flow';

/** Countries: the reference list machine with the countries calls. */
const entry: FlowEntryFactory<undefined, CountriesActors> = (services) => {
  const logic = referenceListLogic(services.http, 'countries');
  function Screen({ flow }: FlowScreenProps<CountriesActors>) {
    return createElement(ReferenceListScreen, { actor: flow.referenceList, kind: 'countries' });
  }
  return {
    start: () => ({ referenceList: { logic, input: { kind: 'countries' } } }),
    Screen,
  };
};

export default entry;
