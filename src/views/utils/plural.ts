/** A noun's forms by the language's plural rules: 'user' for one, 'users' for any other count. */
export interface NounForms {
  one: string;
  other: string;
}

const rules = new Intl.PluralRules('en-GB');

/** '1 user', '2 users', '0 users': the count with its noun in the right form (Intl.PluralRules). */
export function countOf(count: number, noun: NounForms): string {
  return `${count} ${rules.select(count) === 'one' ? noun.one : noun.other}`;
}
