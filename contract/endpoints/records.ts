/**
 * The generic record calls of spec §7.2 (issue 19): users create, update, upsert, getByGuid,
 * getUserSignupData, delete, deletebyguid; tenants create, update, upsert, getByGuid, delete,
 * deletebyguid. The writes and deletions are the host's; getByGuid answers a member their own
 * records only; getUserSignupData is the caller's own.
 */
import {
  CreateTenantRequest,
  CreateUserRequest,
  DeletedResponse,
  GuidRequest,
  IdRequest,
  TenantRecord,
  UpdateTenantRequest,
  UpdateUserRequest,
  UpsertTenantRequest,
  UpsertUserRequest,
  UserRecord,
  UserSignupData,
  tenantRecordFieldMessages,
  userRecordFieldMessages,
} from '../records';
import { EmptyRequest } from './common';
import { endpoint } from './define';

export const recordEndpoints = {
  /** POST users/create (host): an account in an organisation with a role, without a password. */
  createUser: endpoint({
    method: 'POST',
    path: 'users/create',
    request: CreateUserRequest,
    response: UserRecord,
    auth: 'host',
    messages: userRecordFieldMessages,
  }),
  /** POST users/update (host): names, phone, date of birth, handle (not the email). */
  updateUser: endpoint({
    method: 'POST',
    path: 'users/update',
    request: UpdateUserRequest,
    response: UserRecord,
    auth: 'host',
    messages: userRecordFieldMessages,
  }),
  /** POST users/upsert (host): create without an id, update with one. */
  upsertUser: endpoint({
    method: 'POST',
    path: 'users/upsert',
    request: UpsertUserRequest,
    response: UserRecord,
    auth: 'host',
    messages: userRecordFieldMessages,
  }),
  /** GET users/getByGuid?guid=: a host any user; anyone else their own guid only (else 404). */
  getUserByGuid: endpoint({
    method: 'GET',
    path: 'users/getByGuid',
    request: GuidRequest,
    response: UserRecord,
    auth: 'user',
  }),
  /** GET users/getUserSignupData: the caller's own signup data in the current organisation. */
  getUserSignupData: endpoint({
    method: 'GET',
    path: 'users/getUserSignupData',
    request: EmptyRequest,
    response: UserSignupData,
    auth: 'user',
  }),
  /** DELETE users/delete?id= (host): the account with everything of theirs. */
  deleteUser: endpoint({
    method: 'DELETE',
    path: 'users/delete',
    request: IdRequest,
    response: DeletedResponse,
    auth: 'host',
  }),
  /** DELETE users/deletebyguid?guid= (host): likewise by guid. */
  deleteUserByGuid: endpoint({
    method: 'DELETE',
    path: 'users/deletebyguid',
    request: GuidRequest,
    response: DeletedResponse,
    auth: 'host',
  }),
  /** POST tenants/create (host): an organisation owned by an existing user. */
  createTenant: endpoint({
    method: 'POST',
    path: 'tenants/create',
    request: CreateTenantRequest,
    response: TenantRecord,
    auth: 'host',
    messages: tenantRecordFieldMessages,
  }),
  /** POST tenants/update (host): an organisation's details. */
  updateTenant: endpoint({
    method: 'POST',
    path: 'tenants/update',
    request: UpdateTenantRequest,
    response: TenantRecord,
    auth: 'host',
    messages: tenantRecordFieldMessages,
  }),
  /** POST tenants/upsert (host): create without an id, update with one. */
  upsertTenant: endpoint({
    method: 'POST',
    path: 'tenants/upsert',
    request: UpsertTenantRequest,
    response: TenantRecord,
    auth: 'host',
    messages: tenantRecordFieldMessages,
  }),
  /**
   * GET tenants/getByGuid?guid=: a host any organisation; a member one they may sign into only
   * (else 404).
   */
  getTenantByGuid: endpoint({
    method: 'GET',
    path: 'tenants/getByGuid',
    request: GuidRequest,
    response: TenantRecord,
    auth: 'user',
  }),
  /** DELETE tenants/delete?id= (host): the organisation, as its owner's deletion does. */
  deleteTenant: endpoint({
    method: 'DELETE',
    path: 'tenants/delete',
    request: IdRequest,
    response: DeletedResponse,
    auth: 'host',
  }),
  /** DELETE tenants/deletebyguid?guid= (host): likewise by guid. */
  deleteTenantByGuid: endpoint({
    method: 'DELETE',
    path: 'tenants/deletebyguid',
    request: GuidRequest,
    response: DeletedResponse,
    auth: 'host',
  }),
} as const;
