/**
 * A form struct built from one rule per field (pure superstruct, no IO).
 * Each rule sees its own value and all the form's values (so 'Passwords must match' can compare)
 * and answers the first message that applies, or true. Every failing field yields exactly one
 * failure at its own path, so @hookform/resolvers/superstruct shows one message per field, and a
 * cross-field rule still runs when other fields fail (superstruct skips an object's refinements
 * once a member fails, which is why this is not `refine(object(...))`).
 */
import { define } from 'superstruct';
import type { Struct } from 'superstruct';

/** The answer of a field rule: the message to show, or true when the value is fine. */
export type RuleResult = string | true;

export type FieldRules<T> = {
  [K in keyof T]-?: (value: unknown, values: Readonly<Record<string, unknown>>) => RuleResult;
};

export function formStruct<T extends object>(name: string, rules: FieldRules<T>): Struct<T, null> {
  return define<T>(name, (value) => {
    if (typeof value !== 'object' || value === null) return `Expected the ${name} values`;
    const values = value as Record<string, unknown>;
    const failures = [];
    for (const key of Object.keys(rules) as Array<keyof T & string>) {
      const result = rules[key](values[key], values);
      if (result !== true) {
        failures.push({ path: [key], key, value: values[key], message: result });
      }
    }
    return failures;
  });
}

/** The text of a string field ('' for anything else). */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
