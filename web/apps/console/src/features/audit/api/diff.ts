// What an audited action changed: the fields of before and after (nested
// objects flattened to dotted paths) whose values differ, in order.

export type Change = { field: string; before: string; after: string };

function flatten(o: Record<string, unknown> | null, prefix = '', out: Map<string, string> = new Map()): Map<string, string> {
  if (!o) return out;
  for (const [k, v] of Object.entries(o)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v as Record<string, unknown>, key, out);
    else out.set(key, v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  }
  return out;
}

export function diff(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Change[] {
  const b = flatten(before);
  const a = flatten(after);
  const fields = [...new Set([...b.keys(), ...a.keys()])];
  return fields.filter((f) => b.get(f) !== a.get(f)).map((f) => ({ field: f, before: b.get(f) ?? '', after: a.get(f) ?? '' }));
}
