/** The interest topics' list call against a real local server (spec §7.2 Topics). */
import { describe, expect, it } from 'vitest';
import { createReferenceListApi } from '../../src/services/api/referenceLists';
import { createTopicsApi } from '../../src/services/api/topics';
import { envelope, jsonBody, useTestServer } from './helpers/testServer';

const server = useTestServer();
const { answer, only } = server;

const topic = { id: 4, name: 'Animals', order: 1, enabled: true };

describe('topics.list: POST userinterestedtopics/list', () => {
  it("sends the spec's call shape (page 1, pageSize 999, sortBy Order, sortByDescending false, getTotalCount false, showFirstGuid); answers data.list", async () => {
    answer(envelope({ list: [topic], totalCount: null }));
    await expect(createTopicsApi(server.http('tok-1')).list()).resolves.toEqual([topic]);
    const sent = only();
    expect([sent.method, sent.url]).toEqual(['POST', '/api/userinterestedtopics/list']);
    expect(jsonBody(sent)).toEqual({
      page: 1,
      pageSize: 999,
      sortBy: 'Order',
      sortByDescending: false,
      getTotalCount: false,
      showFirstGuid: '',
    });
  });

  it("the admin area's Product Categories list sends showFirstGuid too", async () => {
    answer(envelope({ list: [topic], totalCount: null }));
    await expect(createReferenceListApi(server.http('tok-1'), 'topics').list()).resolves.toEqual([
      topic,
    ]);
    expect(jsonBody(only())).toMatchObject({ sortBy: 'Order', showFirstGuid: '' });
  });
});
