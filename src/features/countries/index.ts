import { createElement } from 'react';
import type { FlowEntryFactory, FlowScreenProps } from '../../shared/flow';
import { referenceListLogic } from '../../shared/referenceListActors';
import { ReferenceListScreen } from '../../shared/ReferenceListScreen';
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
