import { referenceListEntry } from '../../shared/ReferenceListScreen';

/** Countries: the reference list machine with the countries calls. */
export default referenceListEntry('countries');
