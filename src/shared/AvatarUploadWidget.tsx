import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import * as chart from '../machines/avatarUploadMachine';
import { AvatarUploadView } from '../views/components/AvatarUploadView';

export interface AvatarUploadWidgetProps {
  /** The avatarUpload actor the host's machine invoked (its child). */
  avatarRef: ActorRefFrom<typeof chart.avatarUploadMachine>;
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

const sameImage = (a: chart.AvatarImageSource | null, b: chart.AvatarImageSource | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    ('blob' in a && 'blob' in b ? a.blob === b.blob : 'url' in a && 'url' in b && a.url === b.url));

const sameCrop = (a: chart.CropRequest | null, b: chart.CropRequest | null) =>
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
  const shown = useSelector(avatarRef, chart.selectShownImage, sameImage);
  const crop = useSelector(avatarRef, chart.selectCropRequest, sameCrop);
  const activity = useSelector(avatarRef, chart.selectAvatarActivity);
  const busy = useSelector(avatarRef, chart.selectAvatarBusy);
  const progress = useSelector(avatarRef, chart.selectAvatarUploadProgress);
  const alert = useSelector(
    avatarRef,
    chart.selectAvatarAlert,
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const accept = useSelector(avatarRef, chart.selectAcceptedTypes);
  const canChooseFile = useSelector(avatarRef, chart.selectCanChooseFile);
  const canDelete = useSelector(avatarRef, chart.selectCanDelete);
  const canCancel = useSelector(avatarRef, chart.selectCanCancel);

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
