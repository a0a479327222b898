import { useId, useMemo, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import { ImagePlus, Trash2 } from 'lucide-react';
import {
  POST_MESSAGE_MAX,
  emptyPostForm,
  postFormStruct,
  createPostFormStruct,
  type PublishWindow,
  publishTimeOptions,
  toPostSubmission,
} from '../../validation/post';
import type { PostFormValues, PostSubmission } from '../../validation/post';
import { Alert } from '../../views/components/Alert';
import type { AlertLevel } from '../../views/components/Alert';
import { Button } from '../../views/components/Button';
import { LinkButton } from '../../views/components/LinkButton';
import { CheckboxField } from '../../views/components/CheckboxField';
import { SelectField } from '../../views/components/SelectField';
import { TextAreaField } from '../../views/components/TextAreaField';
import { TextField } from '../../views/components/TextField';
import { UploadProgress } from '../../views/components/UploadProgress';
import { cx } from '../../views/utils/cx';
import auth from '../../views/layouts/AuthScreen.module.css';
import styles from './CreatePostView.module.css';

/** 'create' a new post, or 'update' an existing one (its media cannot change). */
export type CreatePostMode = 'create' | 'update';

/** The alerts of the Create Post screen (spec §8 Post and its success messages). */
export type CreatePostAlertKind =
  'createError' | 'updateError' | 'loadError' | 'uploadError' | 'created' | 'updated';

export interface CreatePostAlert {
  kind: CreatePostAlertKind;
  /** The details under the title (server messages, the media service's 'Invalid file type'...). */
  messages?: readonly string[];
}

/** The post's image: the file chosen (and its local preview) or, in update mode, the stored one. */
export interface CreatePostMedia {
  fileName: string;
  previewUrl?: string | null;
}

export interface CreatePostViewProps {
  mode: CreatePostMode;
  /** The post being edited (update mode); read on mount: remount (key) to load another post. */
  initialValues?: Partial<PostFormValues>;
  /** Now, for the default publish date and time (rounded down to 15 minutes). */
  now?: Date;
  /** Save Draft takes presses (the form is idle); otherwise both buttons ignore them. */
  canSave: boolean;
  /** 'Create Post' / 'Update Post' takes presses: the form idle and not a draft. */
  canCreate: boolean;
  /** Is Draft is ticked: the main button is disabled (spec §4 Post). */
  drafted: boolean;
  /** Which save is out, for the pressed button's busy text: 'draft', 'post', or null. */
  savingAs: 'draft' | 'post' | null;
  /** An image can be picked now (create mode, no media, the form idle). */
  canSelectMedia: boolean;
  /** The uploaded image can be removed now. */
  canRemoveMedia: boolean;
  /** An upload in progress (0-100), or null. */
  uploading: { percent: number } | null;
  /** The image chosen and uploaded (create mode), or the post's stored media (update mode). */
  media: CreatePostMedia | null;
  alerts: readonly CreatePostAlert[];
  /** 'Create Post' / 'Update Post': the rules passed and Is Draft is not ticked. */
  onSubmit: (values: PostSubmission) => void;
  /** 'Save Draft': the rules passed; isDraft is always true (and the box gets ticked). */
  onSaveDraft: (values: PostSubmission) => void;
  /** A file was picked (the machine checks it against the post preset and uploads it). */
  onSelectFile: (file: File) => void;
  onRemoveMedia: () => void;
  /** Is Draft was ticked or unticked (by the person, or by Save Draft). */
  onDraftChange: (isDraft: boolean) => void;
  /** When given, each alert gets a dismiss button. */
  onDismissAlert?: (kind: CreatePostAlertKind) => void;
  /**
   * The publish date and time may not be before `earliest` (the post's stored time, `kept`,
   * excepted): 'The publish date and time cannot be in the past'. Without it, any date.
   */
  publishWindow?: PublishWindow;
}

const alertTexts: Record<CreatePostAlertKind, { level: AlertLevel; title: string }> = {
  loadError: { level: 'Danger', title: 'Error loading post data' },
  createError: { level: 'Danger', title: 'Error creating post' },
  updateError: { level: 'Danger', title: 'Error updating post' },
  uploadError: { level: 'Danger', title: 'Upload Error' },
  created: { level: 'Success', title: 'Post created successfully, redirecting...' },
  updated: { level: 'Success', title: 'Post updated' },
};

const TIME_OPTIONS = publishTimeOptions().map((value) => ({ value, label: value }));

/**
 * Create Post, /create-post (spec §2.3, §4 Post, §5 Post): the message with a live counter (max
 * 280), an optional http/https link, the publish date and a time in 15-minute steps (defaulting
 * to now rounded down), an image (image/* only) with upload progress, Is Draft, 'Save Draft' and
 * 'Create Post' ('Update Post' when editing). Ticking Is Draft disables the main button; Save
 * Draft always saves a draft. When editing, the media is shown but cannot change. The form stays
 * mounted and keeps what was typed through saving and any error.
 */
export function CreatePostView({
  mode,
  initialValues,
  now: nowProp,
  canSave,
  canCreate,
  drafted,
  savingAs,
  canSelectMedia,
  canRemoveMedia,
  uploading,
  media,
  alerts,
  onSubmit,
  onSaveDraft,
  onSelectFile,
  onRemoveMedia,
  onDraftChange,
  onDismissAlert,
  publishWindow,
}: CreatePostViewProps) {
  const [firstRenderDate] = useState(() => new Date());
  const now = nowProp ?? firstRenderDate;
  const [defaultValues] = useState<PostFormValues>(() => ({
    ...emptyPostForm(now),
    ...initialValues,
  }));
  const earliest = publishWindow?.earliest;
  const kept = publishWindow?.kept ?? null;
  const resolver = useMemo(
    () =>
      superstructResolver(
        earliest === undefined ? postFormStruct : createPostFormStruct({ earliest, kept }),
      ),
    [earliest, kept],
  );
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<PostFormValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues,
  });
  const message = useWatch({ control, name: 'message' });
  const id = useId().replace(/:/g, '');
  const counterId = `post${id}-counter`;

  const updating = mode === 'update';
  const length = (message ?? '').length;
  const overLimit = length > POST_MESSAGE_MAX;

  const draftField = register('isDraft');
  const onDraftToggle = (event: ChangeEvent<HTMLInputElement>) => {
    void draftField.onChange(event);
    onDraftChange(event.target.checked);
  };

  // handleSubmit's promise only carries the validation, whose outcome arrives in the callback:
  // the <form> fires it and forgets it (void).
  const submit = handleSubmit((values) => {
    if (!canCreate) return;
    onSubmit(toPostSubmission(values));
  });

  const saveDraft = handleSubmit((values) => {
    if (!canSave) return;
    if (!values.isDraft) {
      setValue('isDraft', true);
      onDraftChange(true);
    }
    onSaveDraft(toPostSubmission({ ...values, isDraft: true }));
  });

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after an error.
    event.target.value = '';
    if (file) onSelectFile(file);
  };

  return (
    <div className={auth.screen}>
      <div className={cx(auth.card, auth.wide)}>
        <header className={auth.header}>
          <h1 className={auth.title}>{updating ? 'Update Post' : 'Create Post'}</h1>
        </header>

        {alerts.map((alert) => {
          const text = alertTexts[alert.kind];
          return (
            <Alert
              key={alert.kind}
              level={text.level}
              title={text.title}
              messages={alert.messages ?? []}
              onDismiss={onDismissAlert ? () => onDismissAlert(alert.kind) : undefined}
              dismissLabel={`Dismiss ${text.title}`}
            />
          );
        })}

        <form className={auth.form} noValidate onSubmit={(event) => void submit(event)}>
          <TextAreaField
            label="Message"
            rows={5}
            aria-required="true"
            error={errors.message?.message}
            footer={
              <span id={counterId} className={cx(styles.counter, overLimit && styles.overLimit)}>
                {length}/{POST_MESSAGE_MAX}
                {overLimit ? <span className="visually-hidden">, too many characters</span> : null}
              </span>
            }
            {...register('message')}
          />
          <TextField
            label="Link (optional)"
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder="https://"
            error={errors.link?.message}
            {...register('link')}
          />
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Publish</legend>
            <div className={auth.row}>
              <TextField
                label="Publish date"
                type="date"
                aria-required="true"
                error={errors.publishDate?.message}
                {...register('publishDate')}
              />
              <SelectField
                label="Publish time"
                options={TIME_OPTIONS}
                aria-required="true"
                error={errors.publishTime?.message}
                {...register('publishTime')}
              />
            </div>
          </fieldset>

          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Media</legend>
            {media ? (
              <div className={styles.media}>
                {media.previewUrl ? (
                  <img
                    className={styles.preview}
                    src={media.previewUrl}
                    alt={`Preview of ${media.fileName}`}
                    width={120}
                    height={120}
                  />
                ) : null}
                <p className={styles.fileName}>{media.fileName}</p>
                {updating ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    icon={<Trash2 focusable="false" size={16} />}
                    onClick={onRemoveMedia}
                    disabled={!canRemoveMedia}
                  >
                    Remove media
                  </Button>
                )}
              </div>
            ) : null}
            {updating ? (
              <p className={styles.hint}>
                {media ? 'The media of a post cannot be changed.' : 'This post has no media.'}
              </p>
            ) : null}
            {!updating && !media && uploading === null ? (
              <label className={styles.picker}>
                <input
                  type="file"
                  accept="image/*"
                  className="visually-hidden"
                  onChange={onFileChange}
                  disabled={!canSelectMedia}
                />
                <ImagePlus aria-hidden="true" focusable="false" size={20} />
                <span>Add an image</span>
              </label>
            ) : null}
            {uploading ? (
              <UploadProgress label="Uploading image" percent={uploading.percent} />
            ) : null}
          </fieldset>

          <CheckboxField
            label="Is Draft"
            hint={
              drafted
                ? `A draft is not published: untick Is Draft to ${updating ? 'update' : 'create'} the post, or use Save Draft.`
                : 'Save Draft keeps the post as a draft, out of the feed.'
            }
            {...draftField}
            onChange={onDraftToggle}
          />

          <div className={styles.actions}>
            <Button
              variant="secondary"
              size="lg"
              busy={savingAs === 'draft'}
              busyText="Saving Draft..."
              aria-disabled={!canSave || undefined}
              onClick={() => void saveDraft()}
            >
              Save Draft
            </Button>
            <Button
              type="submit"
              size="lg"
              disabled={drafted}
              busy={savingAs === 'post'}
              busyText={updating ? 'Updating Post...' : 'Creating Post...'}
              aria-disabled={!canCreate || undefined}
            >
              {updating ? 'Update Post' : 'Create Post'}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

export interface PostLoadErrorViewProps {
  /** The server's messages ('You can only change your own posts.', 'Post not found.'...). */
  messages: readonly string[];
  /** 'Try again': loads the post again. */
  onRetry: () => void;
}

/**
 * Update Post when the post could not be loaded (spec §8 Post 'Error loading post data'): no
 * form to type into that could not be saved, the server's messages, 'Try again' and a way back
 * to the feed.
 */
export function PostLoadErrorView({ messages, onRetry }: PostLoadErrorViewProps) {
  return (
    <div className={auth.screen}>
      <div className={cx(auth.card, auth.wide)}>
        <header className={auth.header}>
          <h1 className={auth.title}>Update Post</h1>
        </header>
        <Alert level="Danger" title={alertTexts.loadError.title} messages={messages} />
        <div className={styles.loadErrorActions}>
          <Button onClick={onRetry}>Try again</Button>
          <LinkButton href="/feed" variant="secondary">
            Back to the feed
          </LinkButton>
        </div>
      </div>
    </div>
  );
}

export interface PostNotFoundViewProps {
  /** 'Post not found'. */
  title: string;
  text: string;
}

/**
 * /create-post/{id} when the id is not one of the person's posts (or not a post id at all): no
 * form to type into, and the ways back: My posts on the Profile, or a new post.
 */
export function PostNotFoundView({ title, text }: PostNotFoundViewProps) {
  return (
    <div className={auth.screen}>
      <div className={cx(auth.card, auth.wide)}>
        <header className={auth.header}>
          <h1 className={auth.title}>{title}</h1>
        </header>
        <p>{text}</p>
        <div className={styles.loadErrorActions}>
          <LinkButton href="/account/profile">Back to My posts</LinkButton>
          <LinkButton href="/create-post" variant="secondary">
            Create a new post
          </LinkButton>
        </div>
      </div>
    </div>
  );
}
