import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  expectAccessible,
  logInToDashboard,
  MEMBER,
  OWNER,
  PASSWORD,
  recordUploadProgress,
  storedSession,
  uniqueSuffix,
  uploadProgress,
} from './support';

/**
 * A real image of random pixels: PNG cannot compress it, so a 700x700 one is about 1.5 MB and its
 * upload takes a moment on a throttled link.
 */
async function noisyPng(size: number): Promise<Buffer> {
  return sharp(randomBytes(size * size * 3), { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

test.describe('create post', () => {
  test('creates a post with an image, with upload progress, and lands on the feed with it first', async ({
    page,
  }) => {
    await recordUploadProgress(page);
    await logInToDashboard(page, OWNER);
    await page.goto('/create-info');
    await expectAccessible(page, 'create info');
    await page.getByRole('link', { name: /New Post/ }).click();
    await expect(page).toHaveURL(/\/create-post$/);
    await expectAccessible(page, 'create post');

    // The rules, each with the spec's text.
    const create = page.getByRole('button', { name: 'Create Post' });
    await create.click();
    await expect(page.getByText('Message is required')).toBeVisible();
    await page.getByLabel('Message').fill('x'.repeat(281));
    await page.getByLabel('Link (optional)').fill('ftp://example.org/file');
    await create.click();
    await expect(page.getByText('Maximum 280 characters allowed')).toBeVisible();
    await expect(page.getByText('Invalid URL')).toBeVisible();

    // A file that is not an image is refused.
    const picker = page.locator('input[type="file"]');
    await picker.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(page.getByText('Upload Error')).toBeVisible();
    await expect(page.getByText('Invalid file type')).toBeVisible();

    // An image below the post preset's minimum resolution is refused before any upload.
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('UploadPending')) uploads.push(request.url());
    });
    await picker.setInputFiles({
      name: 'tiny.png',
      mimeType: 'image/png',
      buffer: await noisyPng(50),
    });
    await expect(page.getByText('Image below minimum resolution')).toBeVisible();
    // So is a file over the preset's 10 MB, and one that says PNG but does not decode.
    await picker.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    await expect(page.getByText('File exceeds max size of 10485760 bytes')).toBeVisible();
    const png = await noisyPng(300);
    await picker.setInputFiles({
      name: 'broken.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([png.subarray(0, 64), Buffer.alloc(4096, 0x5a)]),
    });
    await expect(page.getByText('Invalid image file')).toBeVisible();
    expect(uploads).toEqual([]);

    // A real image uploads to the media service with real progress events, shown as a bar (the
    // link is throttled, as on a phone, so the upload takes long enough to report progress).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 10_000_000,
      uploadThroughput: 1_000_000,
    });
    // What the bar shows, read every frame while the upload runs.
    await page.evaluate(() => {
      const shown: number[] = [];
      (window as unknown as { __barValues: number[] }).__barValues = shown;
      const sample = () => {
        const bar = document.querySelector('progress');
        if (bar !== null && shown.at(-1) !== bar.value) shown.push(bar.value);
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await picker.setInputFiles({
      name: 'harbour.png',
      mimeType: 'image/png',
      buffer: await noisyPng(700),
    });
    await expect(page.getByRole('progressbar', { name: 'Uploading image' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove media' })).toBeVisible();
    const events = await uploadProgress(page);
    expect(events.length, `progress events: ${events.join(', ')}`).toBeGreaterThan(1);
    expect(events.at(-1)).toBe(100);
    expect(events).toEqual([...events].sort((a, b) => a - b));
    const shown = await page.evaluate(
      () => (window as unknown as { __barValues: number[] }).__barValues,
    );
    expect(
      shown.filter((value) => value > 0 && value < 100),
      `the bar showed ${shown.join(', ')}`,
    ).not.toHaveLength(0);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));

    const message = `Harbour day ${uniqueSuffix()} #givedrop`;
    await page.getByLabel('Message').fill(message);
    await page.getByLabel('Link (optional)').fill('https://example.org/harbour');
    await expect(page.getByText(`${message.length}/280`)).toBeVisible();
    const created = page.waitForResponse((response) =>
      response.url().endsWith('/api/posts/createWithFile'),
    );
    const feedAsked: unknown[] = [];
    await page.route('**/api/posts/feedList', async (route) => {
      feedAsked.push(route.request().postDataJSON());
      await route.continue();
    });
    await create.click();
    const { data: post } = (await (await created).json()) as { data: { guid: string } };
    await expect(page.getByText('Post created successfully, redirecting...')).toBeVisible();
    await expect(page).toHaveURL(/\/feed$/); // ?new= is read, then removed
    // The feed was asked with the new post first (from /feed?new={guid}), and shows it marked.
    expect(feedAsked).toContainEqual(
      expect.objectContaining({ page: 1, showFirstGuid: post.guid }),
    );
    const first = page.getByRole('feed').getByRole('article').first();
    await expect(first).toContainText(message.replace(' #givedrop', ''));
    await expect(first.getByText('New', { exact: true })).toBeVisible();
    await expectAccessible(page, 'feed with the new post');
    await expect(first.getByRole('img').last()).toBeVisible();
    await expect(first.getByRole('link', { name: /example\.org/ })).toHaveAttribute(
      'rel',
      /noopener/,
    );
  });

  test('saves a draft (out of the feed), then edits and publishes it', async ({ page }) => {
    await logInToDashboard(page, OWNER);
    await page.goto('/create-post');
    const message = `Draft ${uniqueSuffix()}`;
    await page.getByLabel('Message').fill(message);
    await page.getByLabel('Is Draft').check();
    await expect(page.getByRole('button', { name: 'Create Post' })).toBeDisabled();
    // A save that fails (the server down for a moment) keeps what was written.
    await page.route('**/api/posts/create', (route) => route.abort('connectionrefused'), {
      times: 1,
    });
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByRole('alert')).toContainText('Error creating post');
    await expect(page.getByLabel('Message')).toHaveValue(message);
    await expect(page.getByLabel('Is Draft')).toBeChecked();
    await expect(page).toHaveURL(/\/create-post$/);
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Post created successfully, redirecting...')).toBeVisible();
    // A draft is not in the feed: its edit form opens.
    await expect(page).toHaveURL(/\/create-post\/\d+$/);
    await expect(page.getByLabel('Message')).toHaveValue(message);
    await expect(page.getByLabel('Is Draft')).toBeChecked();
    await expectAccessible(page, 'update post');
    await page.goto('/feed');
    await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible();
    await expect(page.getByText(message)).toHaveCount(0);

    await page.goBack();
    const edited = `${message} edited`;
    await page.getByLabel('Message').fill(edited);
    await page.getByLabel('Is Draft').uncheck();
    await page.getByRole('button', { name: 'Update Post' }).click();
    await expect(page.getByText('Post updated')).toBeVisible();
    await page.goto('/feed');
    await expect(page.getByRole('feed').getByText(edited)).toBeVisible();
  });

  test("a post that cannot be loaded for update shows 'Error loading post data' and no form", async ({
    page,
  }) => {
    await logInToDashboard(page, OWNER);
    // The server cannot be reached for a moment: Try again loads it.
    await page.route('**/api/posts/get?*', (route) => route.abort('connectionrefused'), {
      times: 1,
    });
    const message = `Loads on a retry ${uniqueSuffix()}`;
    const token = (await storedSession(page))!.jwtToken;
    const created = await page.request.post('/api/posts/create', {
      headers: { authorization: `Bearer ${token}` },
      data: { message, link: '', publishedDate: new Date().toISOString(), isDraft: true },
    });
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    await page.goto(`/create-post/${id}`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Error loading post data');
    await expect(page.getByLabel('Message')).toHaveCount(0);
    await expectAccessible(page, 'update post, load failed');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByLabel('Message')).toHaveValue(message);
  });

  test("a post id that is none of the person's posts says 'Post not found', with a way back", async ({
    page,
  }) => {
    await logInToDashboard(page, OWNER);
    await page.goto('/create-post/2147483000');
    await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveCount(0);
    await expectAccessible(page, 'update post, not found');
    await page.getByRole('link', { name: 'Back to My posts' }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);
  });

  test("another person's post is refused: no form in the browser, 4xx from the server, unchanged", async ({
    page,
    request,
  }) => {
    const login = await request.post('/api/auth/login', {
      data: { email: OWNER, password: PASSWORD },
    });
    const { jwtToken } = ((await login.json()) as { data: { jwtToken: string } }).data;
    const ownerAuth = { authorization: `Bearer ${jwtToken}` };
    const message = `Owner's post ${uniqueSuffix()}`;
    const createdResponse = await request.post('/api/posts/create', {
      headers: ownerAuth,
      data: { message, link: '', publishedDate: new Date().toISOString(), isDraft: true },
    });
    expect(createdResponse.ok()).toBe(true);
    const { id } = ((await createdResponse.json()) as { data: { id: number } }).data;

    await logInToDashboard(page, MEMBER);
    await page.goto(`/create-post/${id}`);
    // Marcus is a Standard User in Harbour Hope, where Olivia wrote it: not one of his posts.
    await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
    await expectAccessible(page, 'update post, not yours');
    await expect(page.getByLabel('Message')).toHaveCount(0);

    const memberAuth = { authorization: `Bearer ${(await storedSession(page))!.jwtToken}` };
    const update = await request.post('/api/posts/update', {
      headers: memberAuth,
      data: {
        id,
        message: 'Taken over',
        link: '',
        publishedDate: new Date().toISOString(),
        isDraft: false,
      },
    });
    expect(update.status()).toBe(403);
    const stored = await request.get(`/api/posts/get?id=${id}`, { headers: ownerAuth });
    expect(((await stored.json()) as { data: { message: string; isDraft: boolean } }).data).toEqual(
      expect.objectContaining({ message, isDraft: true }),
    );
  });
});
