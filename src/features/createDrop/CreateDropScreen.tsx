import { CreateDropView } from '../../views/screens/CreateDropView';

/** Create Drop: the placeholder of spec §2.3. */
export function CreateDropScreen() {
  return <CreateDropView />;
}
