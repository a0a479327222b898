/**
 * The media service's bounds: the image work queue (503 + Retry-After when full), the per-address
 * upload rate limit (429 + Retry-After) and the periodic sweep of expired pending uploads.
 */
import { mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { MEDIA_API_KEY_HEADER, mediaPaths, type PendingUpload } from '../../contract/media';
import { ConfigError, loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/database';
import { MediaError, MediaService, mediaServiceMessages } from '../../server/media/service';
import {
  PendingSweeper,
  pendingSweepIntervalMs,
  type IntervalTimers,
} from '../../server/media/sweeper';
import { WorkQueue, WorkQueueFullError } from '../../server/media/workQueue';
import { makeImage, mediaApiKey, mediaUrl, multipart, upload } from './support/media';
import { openTestDatabase } from './support/testDatabase';
import { createTestApp, type TestApp } from './support/testServer';
import { SIGNAL_WAIT } from '../support/ceilings';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const pendingFiles = (test: TestApp) => readdir(join(test.mediaDir, 'pending'));

const smallPng = async () => ({
  fileName: 'picture.png',
  contentType: 'image/png',
  data: await makeImage('png', 300, 300),
});

/** A job that runs until `release` is called. */
function gate() {
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { release, job: () => done };
}

describe('WorkQueue', () => {
  it('runs at most `concurrency` jobs, lets `maxWaiting` wait in order, refuses beyond', async () => {
    const queue = new WorkQueue({ concurrency: 2, maxWaiting: 1, retryAfterSeconds: 3 });
    const gates = [gate(), gate(), gate()];
    const order: number[] = [];
    const runs = gates.map((item, index) =>
      queue.run(async () => {
        order.push(index);
        await item.job();
        return index;
      }),
    );
    await Promise.resolve();
    expect(order).toEqual([0, 1]);
    expect([queue.active, queue.pending, queue.full]).toEqual([2, 1, true]);

    const refusedJob = vi.fn(async () => 'never');
    const refusal = await queue.run(refusedJob).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WorkQueueFullError);
    expect((refusal as WorkQueueFullError).retryAfterSeconds).toBe(3);
    expect(refusedJob).not.toHaveBeenCalled();

    gates[0]?.release();
    expect(await runs[0]).toBe(0);
    await vi.waitFor(() => expect(order).toEqual([0, 1, 2]), SIGNAL_WAIT);
    expect([queue.active, queue.pending, queue.full]).toEqual([2, 0, false]);
    gates[1]?.release();
    gates[2]?.release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect([queue.active, queue.pending]).toEqual([0, 0]);
  });

  it('frees the slot of a failed job', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('decoder crashed')))).rejects.toThrow(
      'decoder crashed',
    );
    expect(queue.active).toBe(0);
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('refuses bounds that make no sense', () => {
    expect(() => new WorkQueue({ concurrency: 0, maxWaiting: 1 })).toThrow(RangeError);
    expect(() => new WorkQueue({ concurrency: 1, maxWaiting: -1 })).toThrow(RangeError);
    expect(() => new WorkQueue({ concurrency: 1.5, maxWaiting: 1 })).toThrow(RangeError);
  });
});

describe('the image queue of UploadPending', () => {
  it('answers 503 with Retry-After and messages when full, storing nothing', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 0, retryAfterSeconds: 7 });
    const test = await createTestApp(handle.db, {}, { mediaImageWork: queue });
    const apiKey = await mediaApiKey(test.app);
    const busy = gate();
    const occupied = queue.run(busy.job);

    const refused = await upload(test.app, apiKey, await smallPng());
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('7');
    expect(refused.json()).toEqual({ messages: [mediaServiceMessages.busy] });
    expect(await pendingFiles(test)).toEqual([]);

    busy.release();
    await occupied;
    const accepted = await upload(test.app, apiKey, await smallPng());
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['retry-after']).toBeUndefined();
    await test.app.close();
  });

  it('lets an upload wait its turn within the bound, and refuses the next one', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 1 });
    const test = await createTestApp(handle.db, {}, { mediaImageWork: queue });
    const apiKey = await mediaApiKey(test.app);
    const busy = gate();
    const occupied = queue.run(busy.job);

    const waiting = upload(test.app, apiKey, await smallPng());
    await vi.waitFor(() => expect(queue.pending).toBe(1), SIGNAL_WAIT);
    const refused = await upload(test.app, apiKey, await smallPng());
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ messages: [mediaServiceMessages.busy] });

    busy.release();
    await occupied;
    const response = await waiting;
    expect(response.statusCode).toBe(200);
    expect(response.json<PendingUpload[]>()[0]).toMatchObject({ width: 300, height: 300 });
    expect(await pendingFiles(test)).toHaveLength(2);
    await test.app.close();
  });

  it('refuses with a 503 MediaError when the queue fills while the upload was read', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 0, retryAfterSeconds: 2 });
    const media = new MediaService({
      root: await mkdtemp(join(inject('tempRoot'), 'media-')),
      publicBaseUrl: '/media',
      apiKey: async () => 'key',
      imageWork: queue,
    });
    await media.start(60_000);
    expect(() => media.checkImageCapacity()).not.toThrow();
    const busy = gate();
    const occupied = queue.run(busy.job);
    expect(() => media.checkImageCapacity()).toThrow(MediaError);
    const file = await smallPng();
    const error = await media
      .uploadPending({ validationPresetId: 'post', reference: 'r', ...file, mimeType: 'image/png' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaError);
    expect(error).toMatchObject({
      statusCode: 503,
      retryAfterSeconds: 2,
      messages: [mediaServiceMessages.busy],
    });
    busy.release();
    await occupied;
  });

  it('is bounded by MEDIA_IMAGE_CONCURRENCY and MEDIA_IMAGE_QUEUE_LENGTH', () => {
    expect(
      loadConfig({ MEDIA_IMAGE_CONCURRENCY: '2', MEDIA_IMAGE_QUEUE_LENGTH: '0' }).mediaLimits,
    ).toMatchObject({ imageConcurrency: 2, imageQueueLength: 0 });
    const defaults = loadConfig({}).mediaLimits;
    expect(defaults.imageConcurrency).toBeGreaterThanOrEqual(1);
    expect(defaults.imageConcurrency).toBeLessThanOrEqual(3);
    expect(defaults).toMatchObject({
      imageQueueLength: 8,
      uploadsPerAddress: 60,
      uploadWindowSeconds: 300,
    });
    for (const [name, value] of [
      ['MEDIA_IMAGE_CONCURRENCY', '0'],
      ['MEDIA_IMAGE_QUEUE_LENGTH', '-1'],
      ['MEDIA_UPLOAD_RATE_LIMIT_ADDRESS', 'many'],
      ['MEDIA_UPLOAD_RATE_LIMIT_WINDOW_SECONDS', '0'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    }
  });
});

describe('the upload rate limit', () => {
  it('answers 429 with Retry-After past the allowance of a client address', async () => {
    const test = await createTestApp(handle.db, {
      MEDIA_UPLOAD_RATE_LIMIT_ADDRESS: '2',
      MEDIA_UPLOAD_RATE_LIMIT_WINDOW_SECONDS: '60',
    });
    const apiKey = await mediaApiKey(test.app);
    const file = await smallPng();
    // Without the key: refused before counting.
    expect((await upload(test.app, apiKey, file, { apiKey: 'wrong' })).statusCode).toBe(401);
    expect((await upload(test.app, apiKey, file)).statusCode).toBe(200);
    // Refused uploads count too (the work is done before the outcome is known).
    const notAnImage = { fileName: 'a.png', contentType: 'image/png', data: Buffer.from('x') };
    expect((await upload(test.app, apiKey, notAnImage)).statusCode).toBe(415);

    const limited = await upload(test.app, apiKey, file);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json()).toEqual({ messages: [mediaServiceMessages.tooManyUploads] });
    expect(await pendingFiles(test)).toHaveLength(2);

    // Another address has its own allowance.
    const elsewhere = await test.app.inject({
      ...(await uploadRequest(apiKey)),
      remoteAddress: '203.0.113.9',
    });
    expect(elsewhere.statusCode).toBe(200);

    test.clock.advanceSeconds(30);
    const later = await upload(test.app, apiKey, file);
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('30');
    test.clock.advanceSeconds(30);
    expect((await upload(test.app, apiKey, file)).statusCode).toBe(200);
    await test.app.close();
  });
});

/** An UploadPending request as `inject` options (to set the client address). */
async function uploadRequest(apiKey: string) {
  const body = multipart({ validationPresetId: 'post', reference: 'r' }, [await smallPng()]);
  return {
    method: 'POST' as const,
    url: mediaUrl(mediaPaths.uploadPending),
    headers: { ...body.headers, [MEDIA_API_KEY_HEADER]: apiKey },
    payload: body.payload,
  };
}

describe('the periodic sweep of pending uploads', () => {
  const age = async (dir: string, names: string[], hours: number) => {
    const then = new Date(Date.now() - hours * 60 * 60 * 1000);
    for (const name of names) await utimes(join(dir, name), then, then);
  };

  it('deletes an expired pending upload while the server runs, and stops on close', async () => {
    const test = await createTestApp(handle.db, {}, { mediaSweepIntervalMs: 20 });
    const apiKey = await mediaApiKey(test.app);
    const pendingDir = join(test.mediaDir, 'pending');
    const first = (await upload(test.app, apiKey, await smallPng())).json<PendingUpload[]>()[0];
    const second = (await upload(test.app, apiKey, await smallPng())).json<PendingUpload[]>()[0];
    if (first === undefined || second === undefined) throw new Error('upload failed');
    const firstFiles = [first.fileId, `${first.fileId}.json`];
    const secondFiles = [second.fileId, `${second.fileId}.json`];
    // A write under way (young) and one cut short long ago.
    await writeFile(join(pendingDir, 'inflight.abc.tmp'), 'partial');
    await writeFile(join(pendingDir, 'crashed.abc.tmp'), 'partial');
    await age(pendingDir, [...firstFiles, 'crashed.abc.tmp'], 25);

    await vi.waitFor(async () => {
      expect((await pendingFiles(test)).sort()).toEqual(
        [...secondFiles, 'inflight.abc.tmp'].sort(),
      );
    }, SIGNAL_WAIT);

    await test.app.close();
    await age(pendingDir, secondFiles, 25);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await pendingFiles(test)).toEqual(expect.arrayContaining(secondFiles));
  });

  it('runs every quarter of MEDIA_PENDING_TTL_HOURS, between a minute and an hour', () => {
    const hour = 60 * 60 * 1000;
    expect(pendingSweepIntervalMs(24 * hour)).toBe(hour);
    expect(pendingSweepIntervalMs(2 * hour)).toBe(hour / 2);
    expect(pendingSweepIntervalMs(hour)).toBe(hour / 4);
    expect(pendingSweepIntervalMs(1000)).toBe(60 * 1000);
  });

  it('uses an unref’d timer, never overlaps sweeps, reports failures, and stops', async () => {
    const callbacks: (() => void)[] = [];
    const unref = vi.fn();
    const cleared = vi.fn();
    const timers: IntervalTimers = {
      setInterval: (callback, ms) => {
        expect(ms).toBe(1000);
        callbacks.push(callback);
        return { unref };
      },
      clearInterval: cleared,
    };
    const sweeps = [gate(), gate()];
    let calls = 0;
    const sweep = vi.fn(async () => {
      const current = sweeps[calls];
      calls += 1;
      if (current === undefined) throw new Error('disk gone');
      await current.job();
      return 2;
    });
    const onSwept = vi.fn();
    const onError = vi.fn();
    const sweeper = new PendingSweeper({ sweep, intervalMs: 1000, onSwept, onError, timers });
    sweeper.start();
    sweeper.start();
    expect(callbacks).toHaveLength(1);
    expect(unref).toHaveBeenCalledOnce();

    const tick = callbacks[0] ?? (() => undefined);
    tick();
    tick(); // the first sweep is still under way
    expect(sweep).toHaveBeenCalledOnce();
    sweeps[0]?.release();
    await vi.waitFor(() => expect(onSwept).toHaveBeenCalledWith(2), SIGNAL_WAIT);

    tick();
    expect(sweep).toHaveBeenCalledTimes(2);
    const stopped = sweeper.stop();
    expect(cleared).toHaveBeenCalledOnce();
    let done = false;
    void stopped.then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false); // stop waits for the sweep under way
    sweeps[1]?.release();
    await stopped;
    expect(sweeper.running).toBe(false);

    await sweeper.sweepNow(); // the third sweep fails: reported, not thrown
    expect(onError).toHaveBeenCalledWith(new Error('disk gone'));
  });
});
