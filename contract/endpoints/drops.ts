/**
 * The drops calls: the carousel's feed (spec §7.2 drops/feedList), and the Drops made real by
 * issue 35 (beyond the spec): save, read, cancel and delete a Drop, and the charity picker.
 */
import { object, literal } from 'superstruct';
import {
  CharityList,
  CharitySearchRequest,
  DropDetails,
  DropDraft,
  DropGuidRequest,
  SaveDropRequest,
  dropTexts,
} from '../drops';
import { DropList, DropsFeedRequest } from '../posts';
import { endpoint, type FieldMessages } from './define';

/** The Create Drop form's texts for a bad payload. */
export const dropFieldMessages: FieldMessages = {
  content: { tooLong: dropTexts.teaserTooLong },
  exclusiveText: { tooLong: dropTexts.exclusiveTooLong },
  media: { tooLong: dropTexts.tooManyFiles, invalid: dropTexts.tooManyFiles },
  exclusiveMedia: { tooLong: dropTexts.tooManyFiles, invalid: dropTexts.tooManyFiles },
};

export const dropEndpoints = {
  /**
   * POST drops/feedList (page, pageSize 20, sortBy CreatedDate, sortByDescending true,
   * getTotalCount false): the page's drops (data.list); an empty list past the last page.
   * Everyone's live Drops, and the caller's own scheduled and draft ones.
   */
  feedList: endpoint({
    method: 'POST',
    path: 'drops/feedList',
    request: DropsFeedRequest,
    response: DropList,
    auth: 'user',
  }),
  /**
   * POST drops/save: a new Drop (no guid) or a change to the caller's own draft or scheduled
   * one; `publish` false saves a draft, true publishes it (Scheduled until its start).
   */
  save: endpoint({
    method: 'POST',
    path: 'drops/save',
    request: SaveDropRequest,
    response: DropDraft,
    auth: 'user',
    messages: dropFieldMessages,
  }),
  /** GET drops/getByGuid: one Drop as /drops/{guid} shows it (a draft only to its author). */
  getByGuid: endpoint({
    method: 'GET',
    path: 'drops/getByGuid',
    request: DropGuidRequest,
    response: DropDetails,
    auth: 'user',
  }),
  /** GET drops/getForEdit: the caller's own Drop as Create Drop edits it. */
  getForEdit: endpoint({
    method: 'GET',
    path: 'drops/getForEdit',
    request: DropGuidRequest,
    response: DropDraft,
    auth: 'user',
  }),
  /** POST drops/cancel: the caller's own scheduled or live Drop takes no more gifts. */
  cancel: endpoint({
    method: 'POST',
    path: 'drops/cancel',
    request: DropGuidRequest,
    response: DropDetails,
    auth: 'user',
  }),
  /** DELETE drops/delete: the caller's own draft. */
  delete: endpoint({
    method: 'DELETE',
    path: 'drops/delete',
    request: DropGuidRequest,
    response: object({ deleted: literal(true) }),
    auth: 'user',
  }),
  /** POST drops/charities: Charity organisations by name, for the picker. */
  charities: endpoint({
    method: 'POST',
    path: 'drops/charities',
    request: CharitySearchRequest,
    response: CharityList,
    auth: 'user',
  }),
} as const;
