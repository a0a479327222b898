import { referenceListEntry } from '../../shared/ReferenceListScreen';

/** Product Categories: the reference list machine with the topics calls. */
export default referenceListEntry('topics');
