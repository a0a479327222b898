import { createElement } from 'react';
import type { FlowEntryFactory, FlowScreenProps } from '../../shared/flow';
import { referenceListLogic } from '../../shared/referenceListActors';
import { ReferenceListScreen } from '../../shared/ReferenceListScreen';
import type { ProductCategoriesActors } from './productCategories.flow';

/** Product Categories: the reference list machine with the topics calls. */
const entry: FlowEntryFactory<undefined, ProductCategoriesActors> = (services) => {
  const logic = referenceListLogic(services.http, 'topics');
  function Screen({ flow }: FlowScreenProps<ProductCategoriesActors>) {
    return createElement(ReferenceListScreen, { actor: flow.referenceList, kind: 'topics' });
  }
  return {
    start: () => ({ referenceList: { logic, input: { kind: 'topics' } } }),
    Screen,
  };
};

export default entry;
