import { referenceListEntry } from '../../shared/ReferenceListScreen';

/** Currencies: the reference list machine with the currencies calls. */
export default referenceListEntry('currencies');
