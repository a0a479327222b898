import { CreateDropView } from './CreateDropView';

/** Create Drop: the placeholder of spec §2.3. */
export function CreateDropScreen() {
  return <CreateDropView />;
}
