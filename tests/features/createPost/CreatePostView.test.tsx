import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CreatePostView,
  PostLoadErrorView,
  PostNotFoundView,
} from '../../../src/features/createPost/CreatePostView';
import { createPostTexts } from '../../../src/features/createPost/createPostMachine';
import { publishWindowAt } from '../../../src/validation/post';
import type { CreatePostViewProps } from '../../../src/features/createPost/CreatePostView';
import { idleCreatePostProps } from '../../support/createPostViewProps';
import { describedText } from '../../support/describedText';

const NOW = new Date(2026, 10, 22, 14, 38, 27); // 22 Nov 2026 14:38 local

function renderForm(overrides: Partial<CreatePostViewProps> = {}) {
  // What the machine's selectors say of an idle new form.
  const props = idleCreatePostProps(NOW, overrides);
  const user = userEvent.setup();
  const utils = render(<CreatePostView {...props} />);
  const rerender = (next: Partial<CreatePostViewProps>) =>
    utils.rerender(<CreatePostView {...props} {...next} />);
  return {
    ...utils,
    rerender,
    props,
    user,
    message: () => screen.getByLabelText('Message') as HTMLTextAreaElement,
    link: () => screen.getByLabelText('Link (optional)') as HTMLInputElement,
    date: () => screen.getByLabelText('Publish date') as HTMLInputElement,
    time: () => screen.getByLabelText('Publish time') as HTMLSelectElement,
    draft: () => screen.getByRole('checkbox', { name: 'Is Draft' }) as HTMLInputElement,
    create: () => screen.getByRole('button', { name: 'Create Post' }) as HTMLButtonElement,
    saveDraft: () => screen.getByRole('button', { name: 'Save Draft' }) as HTMLButtonElement,
  };
}

describe('CreatePostView: the form (spec §2.3 Create Post, §5 Post)', () => {
  it('starts empty with the publish date and time at now rounded down to 15 minutes', () => {
    const { message, link, date, time, draft, create, saveDraft } = renderForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Post' })).toBeTruthy();
    expect(message().value).toBe('');
    expect(link().value).toBe('');
    expect(date().value).toBe('2026-11-22');
    expect(date().type).toBe('date');
    expect(time().value).toBe('14:30');
    expect(draft().checked).toBe(false);
    expect(create().disabled).toBe(false);
    expect(saveDraft().disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers the times of day in 15-minute steps', () => {
    const { time } = renderForm();
    const options = Array.from(time().options, (o) => o.value);
    expect(options).toHaveLength(96);
    expect(options.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(options.at(-1)).toBe('23:45');
  });

  it('counts the characters live (n/280), linked to the message', async () => {
    const { user, message } = renderForm();
    expect(describedText(message())).toBe('0/280');
    await user.type(message(), 'Hello #world');
    expect(describedText(message())).toBe('12/280');
  });

  it("says 'Message is required' on an empty submit and focuses the message", async () => {
    const { user, message, create, props } = renderForm();
    await user.click(create());
    expect(await screen.findByText('Message is required')).toBeTruthy();
    expect(message().getAttribute('aria-invalid')).toBe('true');
    expect(describedText(message())).toBe('0/280 | Message is required');
    expect(document.activeElement).toBe(message());
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("refuses 281 characters: 'Maximum 280 characters allowed', the counter over the limit", async () => {
    const { message, create, props, user } = renderForm();
    fireEvent.change(message(), { target: { value: 'x'.repeat(281) } });
    expect(describedText(message())).toBe('281/280, too many characters');
    await user.click(create());
    expect(await screen.findByText('Maximum 280 characters allowed')).toBeTruthy();
    expect(props.onSubmit).not.toHaveBeenCalled();
    fireEvent.change(message(), { target: { value: 'x'.repeat(280) } });
    await waitFor(() => expect(screen.queryByText('Maximum 280 characters allowed')).toBeNull());
  });

  it("refuses a link that is not http/https: 'Invalid URL'", async () => {
    const { message, link, create, props, user } = renderForm();
    await user.type(message(), 'Hi');
    await user.type(link(), 'ftp://x');
    await user.click(create());
    expect(await screen.findByText('Invalid URL')).toBeTruthy();
    expect(link().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(link());
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('sends the post: message, trimmed link, the chosen local date and time in ISO, not a draft', async () => {
    const { message, link, date, time, create, props, user } = renderForm();
    await user.type(message(), 'Running for #OceanRescue');
    await user.type(link(), ' https://givedrop.example/run ');
    fireEvent.change(date(), { target: { value: '2026-11-23' } });
    await user.selectOptions(time(), '09:45');
    await user.click(create());
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
    expect(props.onSubmit).toHaveBeenCalledWith({
      message: 'Running for #OceanRescue',
      link: 'https://givedrop.example/run',
      publishedDate: new Date(2026, 10, 23, 9, 45).toISOString(),
      isDraft: false,
    });
    expect(props.onSaveDraft).not.toHaveBeenCalled();
  });
});

describe('CreatePostView: drafts (spec §4 Post)', () => {
  it('reports Is Draft, and disables Create Post while the machine says it is drafted', async () => {
    const { draft, create, props, user, rerender } = renderForm();
    await user.click(draft());
    expect(props.onDraftChange).toHaveBeenLastCalledWith(true);
    rerender({ drafted: true, canCreate: false });
    expect(create().disabled).toBe(true);
    expect(
      screen.getByText(/A draft is not published: untick Is Draft to create the post/),
    ).toBeTruthy();
    await user.click(draft());
    expect(props.onDraftChange).toHaveBeenLastCalledWith(false);
    rerender({ drafted: false, canCreate: true });
    expect(create().disabled).toBe(false);
  });

  it('does not send the post from Enter while Create Post cannot be pressed', async () => {
    const { draft, message, link, props, user, rerender } = renderForm();
    await user.type(message(), 'Hi');
    await user.click(draft());
    rerender({ drafted: true, canCreate: false });
    await user.type(link(), '{Enter}');
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('Save Draft sends the post with isDraft true and ticks Is Draft', async () => {
    const { message, saveDraft, draft, props, user } = renderForm();
    await user.type(message(), 'Half written');
    await user.click(saveDraft());
    expect(props.onSaveDraft).toHaveBeenCalledWith({
      message: 'Half written',
      link: '',
      publishedDate: new Date(2026, 10, 22, 14, 30).toISOString(),
      isDraft: true,
    });
    expect(draft().checked).toBe(true);
    expect(props.onDraftChange).toHaveBeenCalledWith(true);
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('Save Draft checks the rules too', async () => {
    const { saveDraft, props, user } = renderForm();
    await user.click(saveDraft());
    expect(await screen.findByText('Message is required')).toBeTruthy();
    expect(props.onSaveDraft).not.toHaveBeenCalled();
  });
});

describe('CreatePostView: saving and its results (spec §8 Post)', () => {
  it("shows 'Creating Post...' on the pressed button and ignores presses while saving", async () => {
    const { message, create, saveDraft, props, user, rerender } = renderForm();
    await user.type(message(), 'Hello');
    const main = create();
    await user.click(main);
    rerender({ canSave: false, canCreate: false, savingAs: 'post' });
    expect(main.textContent).toBe('Creating Post...');
    expect(main.getAttribute('aria-disabled')).toBe('true');
    expect(saveDraft().getAttribute('aria-disabled')).toBe('true');
    expect(saveDraft().textContent).toBe('Save Draft');
    await user.click(main);
    await user.click(saveDraft());
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
    expect(props.onSaveDraft).not.toHaveBeenCalled();
  });

  it.each([
    ['createError', 'Error creating post'],
    ['updateError', 'Error updating post'],
    ['loadError', 'Error loading post data'],
    ['uploadError', 'Upload Error'],
  ] as const)('shows %s as "%s" with its messages, keeping what was typed', async (kind, title) => {
    const { message, user, rerender } = renderForm();
    await user.type(message(), 'Keep me');
    rerender({ alerts: [{ kind, messages: ['Something went wrong'] }] });
    const alert = screen.getByRole('alert', { name: title });
    expect(within(alert).getByText('Something went wrong')).toBeTruthy();
    expect(message().value).toBe('Keep me');
  });

  it("shows the upload's own message ('Invalid file type')", () => {
    renderForm({ alerts: [{ kind: 'uploadError', messages: ['Invalid file type'] }] });
    expect(screen.getByRole('alert', { name: 'Upload Error' }).textContent).toContain(
      'Invalid file type',
    );
  });

  it("announces 'Post created successfully, redirecting...' and allows no second post", async () => {
    const { message, create, props, user, rerender } = renderForm();
    await user.type(message(), 'Hello');
    rerender({ alerts: [{ kind: 'created' }], canSave: false, canCreate: false });
    expect(
      screen.getByRole('status', { name: 'Post created successfully, redirecting...' }),
    ).toBeTruthy();
    await user.click(create());
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('dismisses an alert when a dismiss callback is given', async () => {
    const onDismissAlert = vi.fn();
    const { user } = renderForm({
      alerts: [{ kind: 'createError', messages: ['x'] }],
      onDismissAlert,
    });
    await user.click(screen.getByRole('button', { name: 'Dismiss Error creating post' }));
    expect(onDismissAlert).toHaveBeenCalledWith('createError');
  });
});

describe('CreatePostView: media', () => {
  it('picks an image file (image/* only) and reports it', async () => {
    const { props, user } = renderForm();
    const input = screen.getByLabelText('Add an image') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*');
    const file = new File(['png'], 'photo.png', { type: 'image/png' });
    await user.upload(input, file);
    expect(props.onSelectFile).toHaveBeenCalledWith(file);
  });

  it('shows the upload progress (0-100) with a label and a live text', () => {
    renderForm({ uploading: { percent: 42 }, canSave: false, canCreate: false });
    const progress = screen.getByRole('progressbar', { name: 'Uploading image' });
    expect(progress.getAttribute('value')).toBe('42');
    expect(progress.getAttribute('max')).toBe('100');
    expect(screen.getByText('40% uploaded').getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByLabelText('Add an image')).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Create Post' }) as HTMLButtonElement).getAttribute(
        'aria-disabled',
      ),
    ).toBe('true');
  });

  it('shows the chosen image and removes it', async () => {
    const { props, user } = renderForm({
      media: { fileName: 'photo.png', previewUrl: 'blob:preview' },
    });
    const preview = screen.getByRole('img', { name: 'Preview of photo.png' });
    expect(preview.getAttribute('width')).toBe('120');
    expect(screen.getByText('photo.png')).toBeTruthy();
    expect(screen.queryByLabelText('Add an image')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove media' }));
    expect(props.onRemoveMedia).toHaveBeenCalledTimes(1);
  });
});

describe('CreatePostView: update mode', () => {
  const post = {
    message: 'Edited #post',
    link: 'https://givedrop.example',
    publishDate: '2026-11-20',
    publishTime: '08:15',
    isDraft: false,
  };

  it("is titled and submitted as 'Update Post' with the post's values", async () => {
    const { props, user } = renderForm({
      mode: 'update',
      initialValues: post,
      canSelectMedia: false,
      canRemoveMedia: false,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Update Post' })).toBeTruthy();
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Edited #post');
    expect((screen.getByLabelText('Publish time') as HTMLSelectElement).value).toBe('08:15');
    expect(screen.queryByRole('button', { name: 'Create Post' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(props.onSubmit).toHaveBeenCalledWith({
      message: 'Edited #post',
      link: 'https://givedrop.example',
      publishedDate: new Date(2026, 10, 20, 8, 15).toISOString(),
      isDraft: false,
    });
  });

  it('shows the media read-only: no picker, no remove', () => {
    renderForm({
      mode: 'update',
      initialValues: post,
      media: { fileName: 'stored.webp', previewUrl: 'https://cdn.example/stored.webp' },
    });
    expect(screen.getByRole('img', { name: 'Preview of stored.webp' })).toBeTruthy();
    expect(screen.getByText('The media of a post cannot be changed.')).toBeTruthy();
    expect(screen.queryByLabelText('Add an image')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove media' })).toBeNull();
  });

  it("disables 'Update Post' for a draft and shows 'Post updated'", () => {
    renderForm({
      mode: 'update',
      initialValues: { ...post, isDraft: true },
      drafted: true,
      canCreate: false,
      alerts: [{ kind: 'updated' }],
    });
    expect(
      (screen.getByRole('button', { name: 'Update Post' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByRole('status', { name: 'Post updated' })).toBeTruthy();
  });
});

describe('Update Post when the post could not be loaded', () => {
  it("shows 'Error loading post data' with the server's messages and no form; 'Try again' retries", async () => {
    const onRetry = vi.fn();
    const user = userEvent.setup();
    render(
      <PostLoadErrorView messages={['You can only change your own posts.']} onRetry={onRetry} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Error loading post data');
    expect(alert.textContent).toContain('You can only change your own posts.');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Post' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the feed' }).getAttribute('href')).toBe(
      '/feed',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('CreatePostView: a publish date in the past is refused (issue 34)', () => {
  const PAST = 'The publish date and time cannot be in the past';
  // The form opened at NOW: the earliest publish time is 14:30 that day.
  const publishWindow = publishWindowAt(NOW.toISOString(), null);

  it('refuses a date before the form opened, on Create Post and on Save Draft, and accepts its default', async () => {
    const { message, date, time, create, saveDraft, props, user } = renderForm({ publishWindow });
    await user.type(message(), 'Back-dated');
    fireEvent.change(date(), { target: { value: '2020-01-01' } });
    await user.click(create());
    expect(await screen.findByText(PAST)).toBeTruthy();
    expect(document.activeElement).toBe(date());
    await user.click(saveDraft());
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(props.onSaveDraft).not.toHaveBeenCalled();
    // Earlier the same day: refused too; the default (now rounded down) is not.
    fireEvent.change(date(), { target: { value: '2026-11-22' } });
    await user.selectOptions(time(), '14:15');
    await user.click(create());
    expect(props.onSubmit).not.toHaveBeenCalled();
    await user.selectOptions(time(), '14:30');
    await user.click(create());
    expect(props.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ publishedDate: new Date(2026, 10, 22, 14, 30).toISOString() }),
    );
    expect(screen.queryByText(PAST)).toBeNull();
  });

  it("keeps an updated post's stored date in the past, but not another one", async () => {
    const stored = new Date(2026, 10, 20, 9, 15).toISOString();
    const { date, time, props, user } = renderForm({
      mode: 'update',
      publishWindow: publishWindowAt(NOW.toISOString(), stored),
      initialValues: {
        message: 'Published two days ago',
        link: '',
        publishDate: '2026-11-20',
        publishTime: '09:15',
        isDraft: false,
      },
    });
    await user.selectOptions(time(), '09:30');
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText(PAST)).toBeTruthy();
    await user.selectOptions(time(), '09:15');
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(props.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ publishedDate: stored }));
    expect(date().value).toBe('2026-11-20');
  });
});

describe("Update Post of an address that is not one of the person's posts (issue 34)", () => {
  it("says 'Post not found' with no form, and the ways back to My posts and to a new post", () => {
    render(
      <PostNotFoundView title={createPostTexts.notFound} text={createPostTexts.notFoundText} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Post not found' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Post$/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to My posts' }).getAttribute('href')).toBe(
      '/account/profile',
    );
    expect(screen.getByRole('link', { name: 'Create a new post' }).getAttribute('href')).toBe(
      '/create-post',
    );
  });
});
