/**
 * A room's rule options as the GM edits them, for every game that has options: a field per option (a toggle, a
 * select of its legal values, or a bounded integer), and a draft in which integers stay text while the GM types, so
 * a value out of bounds can be pointed at instead of silently clamped.
 */
export type OptionField<Key extends string = string> =
  | { key: Key; kind: 'bool'; rule?: string }
  | { key: Key; kind: 'enum'; values: readonly string[]; rule?: string }
  | { key: Key; kind: 'int'; min: number; max: number; nullable?: boolean; rule?: string };

export type IntField = Extract<OptionField, { kind: 'int' }>;
export type Options = Record<string, unknown>;
/** The editor's state: the options, integer fields as text. */
export type Draft = Record<string, unknown>;

/** A draft showing the options given. */
export function draftOf(fields: readonly OptionField[], options: Options): Draft {
  const draft = structuredClone(options);
  for (const f of fields) if (f.kind === 'int') draft[f.key] = options[f.key] === null || options[f.key] === undefined ? '' : String(options[f.key]);
  return draft;
}

/** Parses one integer field: a number inside its bounds, null for an empty nullable field, or 'bad'. */
export function parseIntField(f: IntField, text: string): number | null | 'bad' {
  const t = text.trim();
  if (t === '') return f.nullable ? null : 'bad';
  if (!/^\d+$/.test(t)) return 'bad';
  const n = Number(t);
  return n >= f.min && n <= f.max ? n : 'bad';
}

/** The integer fields out of bounds; a form refuses to submit while any remain. */
export function draftProblems(fields: readonly OptionField[], draft: Draft): string[] {
  return fields.flatMap((f) => (f.kind === 'int' && parseIntField(f, String(draft[f.key] ?? '')) === 'bad' ? [f.key] : []));
}

/** The options a valid draft stands for (only when draftProblems is empty). */
export function draftOptions(fields: readonly OptionField[], draft: Draft): Options {
  const options = structuredClone(draft);
  for (const f of fields) {
    if (f.kind !== 'int') continue;
    const n = parseIntField(f, String(draft[f.key] ?? ''));
    if (n === 'bad') throw new Error(`${f.key} is out of bounds`);
    options[f.key] = n;
  }
  return options;
}

/** Only what differs from `current`, so an options command leaves the rest of the room as it is. */
export function changedOptions(fields: readonly OptionField[], current: Options, draft: Draft): Options {
  const next = draftOptions(fields, draft);
  const patch: Options = {};
  for (const k of Object.keys(next)) if (JSON.stringify(next[k]) !== JSON.stringify(current[k])) patch[k] = next[k];
  return patch;
}
