import { CreateInfoView } from './CreateInfoView';

/** Create info /create-info: New Drop or New Post (spec §2.3). */
export function CreateInfoScreen() {
  return <CreateInfoView />;
}
