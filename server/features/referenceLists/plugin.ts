import { defineArea } from '../../area';
import { referenceListRoutes } from './routes';

export const referenceListsArea = defineArea({
  name: 'referenceLists',
  register: ({ domain }) => referenceListRoutes({ domain }),
});
