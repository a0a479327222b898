import type { Struct } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../contract/endpoints';
import { notSecretFields, secretStructs } from '../../contract/secrets';
import { actorSecrets } from '../../src/app/actorSecrets';
import { allMachines } from '../../src/app/machineList';

/**
 * The secrets declarations the inspector's redaction goes by (issue 33, deliverable 5): every
 * declared field exists, every field of the API whose name speaks of a secret is classified
 * (declared secret, or not secret with the reason), every declared actor is one of the app's.
 */
type AnyStruct = Struct<unknown, unknown>;

/** The fields of an object struct (through optional and nullable, which keep the schema). */
function fieldsOf(struct: AnyStruct): Record<string, AnyStruct> | null {
  return struct.type === 'object' || struct.type === 'type'
    ? (struct.schema as Record<string, AnyStruct>)
    : null;
}

/** The struct at `path` ('a.b') of `struct`, or undefined. */
function structAt(struct: AnyStruct, path: string): AnyStruct | undefined {
  let current: AnyStruct | undefined = struct;
  for (const key of path.split('.')) current = current ? fieldsOf(current)?.[key] : undefined;
  return current;
}

/** Every field path of a struct, at any depth (array items as `[]`), with the object's schema. */
function walk(
  struct: AnyStruct,
  path: string,
  visit: (path: string, schema: unknown, fields: Record<string, AnyStruct>) => void,
  depth = 0,
): void {
  if (depth > 8) return;
  if (struct.type === 'array' && struct.schema) {
    walk(struct.schema as AnyStruct, `${path}[]`, visit, depth + 1);
    return;
  }
  if (struct.type === 'union' && Array.isArray(struct.schema)) {
    for (const member of struct.schema as AnyStruct[]) walk(member, path, visit, depth + 1);
    return;
  }
  const fields = fieldsOf(struct);
  if (!fields) return;
  visit(path, struct.schema, fields);
  for (const [key, field] of Object.entries(fields)) {
    walk(field, path === '' ? key : `${path}.${key}`, visit, depth + 1);
  }
}

const SPEAKS_OF_A_SECRET = /pass|token|key|code|captcha|secret|sessionid|state$/i;

describe('the secrets declarations', () => {
  it('declare fields that exist', () => {
    for (const { name, struct, fields } of [
      ...secretStructs,
      ...notSecretFields.map((entry) => ({ ...entry, name: entry.why })),
    ]) {
      for (const path of Array.isArray(fields) ? fields : Object.keys(fields)) {
        expect(structAt(struct, path), `${name}: ${path}`).toBeDefined();
      }
    }
  });

  it('classify every field of the API whose name speaks of a secret', () => {
    const unclassified: string[] = [];
    for (const endpoint of allEndpoints) {
      for (const [side, struct] of [
        ['request', endpoint.request],
        ['response', endpoint.response],
      ] as const) {
        const covered = new Set<string>();
        const suspicious: string[] = [];
        walk(struct as AnyStruct, '', (path, schema, fields) => {
          const prefix = path === '' ? '' : `${path}.`;
          for (const declared of secretStructs) {
            if (declared.struct.schema !== schema) continue;
            for (const field of Object.keys(declared.fields)) covered.add(prefix + field);
          }
          for (const exempt of notSecretFields) {
            if (exempt.struct.schema !== schema) continue;
            for (const field of exempt.fields) covered.add(prefix + field);
          }
          for (const [key, field] of Object.entries(fields)) {
            // An object's own fields are classified where the walk reaches them.
            if (SPEAKS_OF_A_SECRET.test(key) && !fieldsOf(field)) suspicious.push(prefix + key);
          }
        });
        for (const path of suspicious) {
          if (!covered.has(path))
            unclassified.push(`${endpoint.method} ${endpoint.path} ${side}: ${path}`);
        }
      }
    }
    expect(unclassified).toEqual([]);
  });

  it('name actors of the app: a machine by its id, a promise actor by its name in a machine', async () => {
    const machines = await allMachines();
    const names = new Set<string>();
    const collect = (machine: (typeof machines)[number]) => {
      names.add(machine.id);
      for (const [name, logic] of Object.entries(machine.implementations.actors)) {
        names.add(name);
        if (logic && typeof logic === 'object' && 'implementations' in logic) {
          collect(logic as (typeof machines)[number]);
        }
      }
    };
    machines.forEach(collect);
    expect(Object.keys(actorSecrets).filter((key) => !names.has(key))).toEqual([]);
  });
});
