import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  selectAcceptedTypes,
  selectAvatarActivity,
  selectAvatarAlert,
  selectAvatarBusy,
  selectAvatarUploadProgress,
  selectCanCancel,
  selectCanChooseFile,
  selectCanDelete,
  selectCropRequest,
  selectShownImage,
  type AvatarImageSource,
  type CropRequest,
  type avatarUploadMachine,
} from '../machines/avatarUploadMachine';
import { AvatarUploadView } from '../views/components/AvatarUploadView';

export interface AvatarUploadWidgetProps {
  /** The avatarUpload actor the host's machine invoked (its child). */
  avatarRef: ActorRefFrom<typeof avatarUploadMachine>;
  /** The hint beside the picture: avatarUploadHints.profile ('square image, max 500x500'). */
  hint: string;
  /** Whose picture: the initials shown without one, and the alt text. */
  name: string;
  /** The initials' colours (the user's avatarColor / avatarBGColor). */
  color?: string | null;
  bgColor?: string | null;
  /** What the picture is of ('Profile photo' unless given). */
  label?: string;
}

/** A page URL for a blob while it is shown (revoked when it changes or the widget closes). */
function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(
    () => (blob && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null),
    [blob],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

const sameImage = (a: AvatarImageSource | null, b: AvatarImageSource | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    ('blob' in a && 'blob' in b ? a.blob === b.blob : 'url' in a && 'url' in b && a.url === b.url));

const sameCrop = (a: CropRequest | null, b: CropRequest | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.file === b.file &&
    JSON.stringify(a.constraints) === JSON.stringify(b.constraints));

/**
 * The connector of the shared avatar upload widget (architecture.md §4): the avatarUpload actor's
 * selectors become AvatarUploadView's props and its callbacks the actor's events. The host's
 * screen renders it with the child actor its machine invoked.
 */
export function AvatarUploadWidget({
  avatarRef,
  hint,
  name,
  color,
  bgColor,
  label,
}: AvatarUploadWidgetProps) {
  const shown = useSelector(avatarRef, selectShownImage, sameImage);
  const crop = useSelector(avatarRef, selectCropRequest, sameCrop);
  const activity = useSelector(avatarRef, selectAvatarActivity);
  const busy = useSelector(avatarRef, selectAvatarBusy);
  const progress = useSelector(avatarRef, selectAvatarUploadProgress);
  const alert = useSelector(
    avatarRef,
    selectAvatarAlert,
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const accept = useSelector(avatarRef, selectAcceptedTypes);
  const canChooseFile = useSelector(avatarRef, selectCanChooseFile);
  const canDelete = useSelector(avatarRef, selectCanDelete);
  const canCancel = useSelector(avatarRef, selectCanCancel);

  const blobUrl = useObjectUrl(shown !== null && 'blob' in shown ? shown.blob : null);
  const cropUrl = useObjectUrl(crop?.file ?? null);
  const imageUrl = shown === null ? null : 'url' in shown ? shown.url : blobUrl;

  return (
    <AvatarUploadView
      {...(label === undefined ? {} : { label })}
      name={name}
      color={color}
      bgColor={bgColor}
      imageUrl={imageUrl}
      hint={hint}
      accept={accept}
      activity={activity}
      busy={busy}
      progress={progress}
      alert={alert}
      canChooseFile={canChooseFile}
      canDelete={canDelete}
      canCancel={canCancel}
      crop={
        crop && cropUrl
          ? { sourceUrl: cropUrl, sourceType: crop.file.type, constraints: crop.constraints }
          : null
      }
      onChooseFile={(file) => avatarRef.send({ type: 'file.choose', file })}
      onApplyCrop={(image) => avatarRef.send({ type: 'crop.apply', image })}
      onCancel={() => avatarRef.send({ type: 'cancel' })}
      onDelete={() => avatarRef.send({ type: 'avatar.delete' })}
      onDismissAlert={() => avatarRef.send({ type: 'alert.dismiss' })}
    />
  );
}
