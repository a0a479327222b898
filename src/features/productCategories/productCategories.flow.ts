import { adminPage } from '../../shared/flow';
import { referenceListFlow } from '../../shared/referenceListFlow';

/**
 * Product Categories (/admin/product-categories, issue 19): the topics reference list, maintained by hosts' Administrators in
 * the admin area (the shared reference list machine with the topics calls).
 */
export const productCategoriesFlow = referenceListFlow(
  'productCategories',
  adminPage('/admin/product-categories', 'Product Categories', 20),
  () => import('./index'),
);
