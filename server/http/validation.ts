/**
 * Request payload validation with the contract's superstruct structs. Failures become a 400
 * envelope with one human message per problem.
 */
import { validate, type Failure, type Struct } from 'superstruct';
import { invalid } from '../domain/errors';

const MAX_MESSAGES = 10;
const NOT_AN_OBJECT = 'The request body must be a JSON object.';

const TYPE_MESSAGES: Record<string, (field: string) => string> = {
  string: (field) => `${field} must be text.`,
  integer: (field) => `${field} must be a whole number.`,
  number: (field) => `${field} must be a number.`,
  boolean: (field) => `${field} must be true or false.`,
  enums: (field) => `${field} is not one of the allowed values.`,
  literal: (field) => `${field} is not one of the allowed values.`,
  union: (field) => `${field} is not one of the allowed values.`,
  object: (field) => `${field} must be an object.`,
  array: (field) => `${field} must be a list.`,
};

function lengthMessage(field: string, failure: Failure): string {
  const bounds = [...failure.message.matchAll(/`(\d+)`/g)].map((match) => match[1]);
  const [min, max] = bounds;
  if (
    typeof failure.value === 'string' &&
    min !== undefined &&
    max !== undefined &&
    bounds.length >= 3
  ) {
    return `${field} must be between ${min} and ${max} characters long.`;
  }
  return `${field} has an invalid length.`;
}

/** The spec's field messages of a payload (see contract/endpoints/define.ts). */
export type { FieldMessages } from '../../contract/endpoints/define';
import type { FieldMessages } from '../../contract/endpoints/define';

const isRuleFailure = (failure: Failure) =>
  failure.type === 'literal' ||
  failure.type === 'enums' ||
  (failure.refinement !== undefined && failure.refinement !== 'size');

function fieldMessage(failure: Failure, messages: FieldMessages): string | undefined {
  const field = messages[failure.path.join('.')];
  if (field === undefined) return undefined;
  if (failure.value === undefined || failure.value === '') return field.required;
  if (failure.refinement === 'size' && typeof failure.value === 'string') return field.tooLong;
  return isRuleFailure(failure) ? field.invalid : undefined;
}

export function describeFailure(failure: Failure, messages: FieldMessages = {}): string {
  if (failure.path.length === 0) return NOT_AN_OBJECT;
  const friendly = fieldMessage(failure, messages);
  if (friendly !== undefined) return friendly;
  const field = failure.path.join('.');
  if (failure.type === 'never') return `${field} is not an expected field.`;
  if (failure.value === undefined || failure.value === '') return `${field} is required.`;
  if (failure.refinement === 'size') return lengthMessage(field, failure);
  if (failure.refinement !== undefined) return `${field} is out of range.`;
  return TYPE_MESSAGES[failure.type]?.(field) ?? `${field} is invalid.`;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** NUL (which PostgreSQL text cannot hold) and unpaired UTF-16 surrogates. */
const UNSTORABLE_TEXT =
  // eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Deeper values are left to the struct (no payload of this API nests this deep). */
const MAX_TEXT_CHECK_DEPTH = 8;

/** The path of the first string in `value` that cannot be stored as text, if any. */
function unstorableTextPath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') {
    return UNSTORABLE_TEXT.test(value) ? path.join('.') || 'value' : undefined;
  }
  if (typeof value !== 'object' || value === null || path.length >= MAX_TEXT_CHECK_DEPTH) {
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const found = unstorableTextPath(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Validates a payload (a JSON object; no body counts as an empty one) against `struct`, without
 * coercion; throws an 'invalid' DomainError with one message per problem.
 */
export function parsePayload<T, S>(
  struct: Struct<T, S>,
  body: unknown,
  fieldMessages: FieldMessages = {},
): T {
  const value = body === undefined ? {} : body;
  if (!isPlainObject(value)) throw invalid(NOT_AN_OBJECT);
  const unstorable = unstorableTextPath(value);
  if (unstorable !== undefined) {
    throw invalid(`${unstorable} contains characters that are not allowed.`);
  }
  const [error, parsed] = validate(value, struct);
  if (error === undefined) return parsed;
  const described = error.failures().map((failure) => describeFailure(failure, fieldMessages));
  const messages = [...new Set(described)].slice(0, MAX_MESSAGES);
  throw invalid(messages);
}
