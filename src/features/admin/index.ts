import { createElement } from 'react';
import type { FlowEntryFactory, NoActors } from '../../shared/flow';
import { AdminPageView } from '../../views/layouts/AdminPageView';

/** What the admin area's overview says. */
export const ADMIN_OVERVIEW_TEXT =
  "The platform's administration, for hosts: the reference lists people choose from and the areas still to come. Choose a section from the admin menu.";

const entry: FlowEntryFactory<undefined, NoActors> = () => ({
  start: () => ({}),
  Screen: () => createElement(AdminPageView, { title: 'Admin', text: ADMIN_OVERVIEW_TEXT }),
});

export default entry;
