import { defineFlow } from '../../shared/flow';
import type { referenceListMachine } from '../../machines/referenceListMachine';

export type ProductCategoriesActors = { referenceList: typeof referenceListMachine };

/**
 * Product Categories (/admin/product-categories, issue 19): the topics reference list, maintained by hosts' Administrators in
 * the admin area (the shared reference list machine with the topics calls).
 */
export const productCategoriesFlow = defineFlow<ProductCategoriesActors>({
  id: 'productCategories',
  routes: [
    {
      path: '/admin/product-categories',
      layout: 'admin',
      title: 'Product Categories',
      adminMenu: { label: 'Product Categories', order: 30 },
    },
  ],
  access: 'host',
  load: () => import('./index'),
  machines: () =>
    import('../../machines/referenceListMachine').then((m) => [m.referenceListMachine]),
});
