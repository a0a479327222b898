import { defineFlow } from '../../shared/flow';

/** Create Drop: the placeholder of spec §2.3. */
export const createDropFlow = defineFlow({
  id: 'createDrop',
  routes: [{ path: '/create-drop', layout: 'app', title: 'Create Drop' }],
  access: 'user',
  load: () => import('./index'),
});
