/**
 * The registry of the contract's text groups (issue 41). Each group of texts is declared with
 * `defineMessages(name, texts)`: the object stays the English source the server and the tests read, and in the
 * browser `applyCatalogue` swaps its values for the active locale's words in place, so every call site that reads
 * `fooMessages.bar` shows the member's language without being rewritten. Marked pure at each definition, so a
 * group no chunk reads is still left out of the bundle.
 */
type Texts = Record<string, unknown>;

interface Group {
  texts: Texts;
  /** The English values, kept to switch back and to look a text up by its words. */
  source: Texts;
}

const groups = new Map<string, Group>();
const names = new WeakMap<object, string>();
/** Formats one catalogue message with its values (set with the catalogue; ICU via intl-messageformat). */
export type MessageFormatter = (message: string, values: Record<string, unknown>) => string;
let active: { catalogue: Record<string, string>; format: MessageFormatter } | null = null;

export function defineMessages<T extends object>(name: string, texts: T): T {
  const group = { texts: texts as Texts, source: { ...(texts as Texts) } };
  groups.set(name, group);
  names.set(texts, name);
  if (active) localize(name, group);
  return texts;
}

/** The name a group was defined under (its catalogue keys are `name.key`). */
export function groupName(texts: object): string | undefined {
  return names.get(texts);
}

/** Every group this bundle (or process) has defined: name → English source values. */
export function definedGroups(): ReadonlyMap<string, Readonly<Texts>> {
  return new Map([...groups].map(([name, g]) => [name, g.source]));
}

function localize(name: string, group: Group) {
  for (const [key, source] of Object.entries(group.source)) {
    const message = active?.catalogue[`${name}.${key}`];
    if (message === undefined || !active) {
      group.texts[key] = source;
    } else if (typeof source === 'function') {
      // A text with arguments: the catalogue's ICU message names them by position ({0}, {1}…).
      const { format } = active;
      group.texts[key] = (...args: unknown[]) =>
        format(message, Object.fromEntries(args.map((value, i) => [String(i), value])));
    } else if (typeof source === 'string') {
      group.texts[key] = active.format(message, {});
    }
  }
}

/**
 * Puts a locale's words into every group (null: back to English); groups defined later get them on definition.
 * For the browser (the web side of issue 41, still to come).
 * @public
 */
export function applyCatalogue(catalogue: Record<string, string> | null, format?: MessageFormatter) {
  active = catalogue && format ? { catalogue, format } : null;
  for (const [name, group] of groups) localize(name, group);
}
