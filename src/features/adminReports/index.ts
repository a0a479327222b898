import { createElement } from 'react';
import type { FlowEntryFactory, NoActors } from '../../shared/flow';
import { AdminPageView, COMING_SOON } from '../../views/layouts/AdminPageView';

const entry: FlowEntryFactory<undefined, NoActors> = () => ({
  start: () => ({}),
  Screen: () => createElement(AdminPageView, { title: 'Reports', text: COMING_SOON }),
});

export default entry;
