import { lazy, Suspense, useId } from 'react';
import type { ChangeEvent } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { Alert } from './Alert';
import { Avatar } from './Avatar';
import { UploadProgress } from './UploadProgress';
import { Button } from './Button';
import type { AvatarCropConstraints } from './AvatarCropDialog';
import { cx } from '../utils/cx';
import styles from './AvatarUploadView.module.css';

/** cropperjs and the dialog load only when a photo is to be cropped (never on the landing page). */
const AvatarCropDialog = lazy(() => import('./AvatarCropDialog'));

/** The spec's avatar preview: 150 px round (§5, §9). */
export const AVATAR_PREVIEW_SIZE = 150;

/** What the widget is doing. */
export type AvatarUploadActivity =
  'idle' | 'checking' | 'cropping' | 'uploading' | 'saving' | 'deleting';

/** Which failure the alert reports: the chosen file, its upload, or saving / deleting the photo. */
export type AvatarUploadAlertKind = 'file' | 'upload' | 'save';

export interface AvatarUploadAlert {
  kind: AvatarUploadAlertKind;
  /** 'Error' for a photo that could not be saved; none for a refused file or upload. */
  title: string | null;
  messages: readonly string[];
}

/** The crop dialog, open on the chosen image. */
export interface AvatarCropView {
  sourceUrl: string;
  sourceType: string;
  constraints: AvatarCropConstraints;
}

export interface AvatarUploadViewProps {
  /** What the picture is of, for the file input's name (e.g. 'Profile photo'). */
  label?: string;
  /** Whose picture: gives the initials shown without one, and the image's alt text. */
  name: string;
  /** The initials' colours (the user's avatarColor / avatarBGColor). */
  color?: string | null;
  bgColor?: string | null;
  /** The picture to show (the stored one, or the one on its way), or null for the initials. */
  imageUrl: string | null;
  /** The hint beside the picture (profile: 'square image, max 500x500'). */
  hint: string;
  /** What the file input accepts (the preset's types). */
  accept: string;
  activity: AvatarUploadActivity;
  /** Work is under way (a check, the upload, saving, deleting). */
  busy: boolean;
  /** Upload progress in percent while uploading, else null. */
  progress: number | null;
  alert: AvatarUploadAlert | null;
  canChooseFile: boolean;
  canDelete: boolean;
  canCancel: boolean;
  /** The crop dialog's image and rules while it is open, else null. */
  crop: AvatarCropView | null;
  onChooseFile: (file: File) => void;
  onApplyCrop: (image: Blob) => void;
  onCancel: () => void;
  onDelete: () => void;
  /** When given, the alert gets a dismiss button. */
  onDismissAlert?: () => void;
}

const activityTexts: Record<Exclude<AvatarUploadActivity, 'idle' | 'cropping'>, string> = {
  checking: 'Checking the photo...',
  uploading: 'Uploading photo',
  saving: 'Saving photo...',
  deleting: 'Deleting photo...',
};

/**
 * The avatar upload widget (spec §2.3 Shared widgets, §4 and §5 Avatar upload): the 150 px
 * round picture (the initials without one), the hint, a file input for a new photo (which then
 * opens the full-screen crop dialog), the upload's progress, Cancel, Delete, and the alert.
 */
export function AvatarUploadView({
  label = 'Profile photo',
  name,
  color,
  bgColor,
  imageUrl,
  hint,
  accept,
  activity,
  busy,
  progress,
  alert,
  canChooseFile,
  canDelete,
  canCancel,
  crop,
  onChooseFile,
  onApplyCrop,
  onCancel,
  onDelete,
  onDismissAlert,
}: AvatarUploadViewProps) {
  const id = useId();
  const hintId = `avatar${id}-hint`;
  const status =
    activity === 'idle' || activity === 'cropping' || activity === 'uploading'
      ? null
      : activityTexts[activity];

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after a Cancel) is a change too.
    event.target.value = '';
    if (file) onChooseFile(file);
  };

  return (
    <div className={styles.widget} aria-busy={busy || undefined}>
      <Avatar
        name={name}
        imageUrl={imageUrl}
        color={color}
        bgColor={bgColor}
        size={AVATAR_PREVIEW_SIZE}
        alt={imageUrl ? `${label} of ${name}` : name}
        className={styles.picture}
      />
      <div className={styles.side}>
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
        <div className={styles.actions}>
          <label className={cx(styles.picker, !canChooseFile && styles.pickerDisabled)}>
            <input
              type="file"
              accept={accept}
              className="visually-hidden"
              aria-describedby={hintId}
              onChange={onFileChange}
              disabled={!canChooseFile}
            />
            <ImagePlus aria-hidden="true" focusable="false" size={20} />
            <span>{imageUrl ? `Change ${label.toLowerCase()}` : `Add ${label.toLowerCase()}`}</span>
          </label>
          {canDelete ? (
            <Button variant="ghost" icon={<Trash2 size={18} />} onClick={onDelete}>
              Delete
            </Button>
          ) : null}
          {canCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
        {progress !== null ? (
          <UploadProgress
            label={activityTexts.uploading}
            percent={progress}
            className={styles.progress}
          />
        ) : null}
        <p className={styles.status} aria-live="polite">
          {status}
        </p>
        {alert ? (
          <Alert
            level="Danger"
            title={alert.title ?? undefined}
            messages={alert.messages}
            onDismiss={onDismissAlert}
          />
        ) : null}
      </div>
      {crop ? (
        <Suspense
          fallback={
            <p className={styles.status} role="status">
              Opening the photo...
            </p>
          }
        >
          <AvatarCropDialog
            sourceUrl={crop.sourceUrl}
            sourceType={crop.sourceType}
            constraints={crop.constraints}
            onApply={onApplyCrop}
            onCancel={onCancel}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
