import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import * as chart from './createPostMachine';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';
import {
  CreatePostView,
  PostLoadErrorView,
  PostNotFoundView,
  type CreatePostAlert,
} from './CreatePostView';
import type { FlowRefs, FlowScreenProps } from '../../shared/flow';
import type { CreatePostActors } from './createPost.flow';

/** Create Post, /create-post (and /create-post/{post id} to update one). */
export function CreatePostScreen({ flow }: FlowScreenProps<CreatePostActors>) {
  return <CreatePostForm postRef={flow.createPost} />;
}

/** A local preview of the picked image (revoked when it changes or the screen closes). */
function usePreview(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function CreatePostForm({ postRef }: { postRef: FlowRefs<CreatePostActors>['createPost'] }) {
  const mode = useSelector(postRef, chart.selectPostMode);
  const defaults = useSelector(postRef, chart.selectPostFormDefaults);
  const loading = useSelector(postRef, chart.selectPostLoading);
  const canSave = useSelector(postRef, chart.selectCanSave);
  const canCreate = useSelector(postRef, chart.selectCanCreate);
  const drafted = useSelector(postRef, chart.selectDrafted);
  const savingAs = useSelector(postRef, chart.selectSavingAs);
  const canSelectMedia = useSelector(postRef, chart.selectCanSelectMedia);
  const canRemoveMedia = useSelector(postRef, chart.selectCanRemoveMedia);
  const progress = useSelector(postRef, chart.selectUploadProgress);
  const alert = useSelector(postRef, chart.selectPostAlert);
  const loadFailed = useSelector(postRef, chart.selectPostLoadFailed);
  const notFound = useSelector(postRef, chart.selectPostNotFound);
  const publishWindow = useSelector(postRef, chart.selectPublishWindow, shallowEqual);
  const [picked, setPicked] = useState<File | null>(null);
  const preview = usePreview(useSelector(postRef, (s) => chart.selectFileToPreview(s, picked)));
  const media = useSelector(postRef, (s) => chart.selectShownMedia(s, preview), shallowEqual);

  if (loading) return <LoadingIndicator />;
  if (notFound) {
    return (
      <PostNotFoundView
        title={chart.createPostTexts.notFound}
        text={chart.createPostTexts.notFoundText}
      />
    );
  }
  if (loadFailed) {
    return (
      <PostLoadErrorView
        messages={alert?.messages ?? []}
        onRetry={() => postRef.send({ type: 'retry' })}
      />
    );
  }
  const alerts: CreatePostAlert[] = alert ? [{ kind: alert.kind, messages: alert.messages }] : [];

  return (
    <CreatePostView
      key={defaults ? 'loaded' : 'empty'}
      mode={mode === 'update' ? 'update' : 'create'}
      initialValues={defaults ?? undefined}
      canSave={canSave}
      canCreate={canCreate}
      drafted={drafted}
      savingAs={savingAs}
      canSelectMedia={canSelectMedia}
      canRemoveMedia={canRemoveMedia}
      uploading={progress === null ? null : { percent: progress }}
      media={media}
      alerts={alerts}
      onSubmit={(values) => postRef.send({ type: 'form.submit', values })}
      onSaveDraft={(values) => postRef.send({ type: 'draft.save', values })}
      onDraftChange={(isDraft) => postRef.send({ type: 'draft.toggle', isDraft })}
      onSelectFile={(file) => {
        setPicked(file);
        postRef.send({ type: 'media.select', file });
      }}
      onRemoveMedia={() => {
        setPicked(null);
        postRef.send({ type: 'media.remove' });
      }}
      onDismissAlert={() => postRef.send({ type: 'alert.dismiss' })}
      publishWindow={publishWindow}
    />
  );
}
