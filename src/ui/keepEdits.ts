/**
 * A form's draft after the applied value changed under it: the new value's fields, except those the user has
 * edited since the last applied value (`draft[k] !== before[k]`), which keep the user's text. Fields are
 * compared with `===` (a form of primitive fields).
 */
export function keepEdits<T extends object>(draft: T, before: T, after: T): T {
  const out: Record<string, unknown> = { ...(after as unknown as Record<string, unknown>) };
  const d = draft as unknown as Record<string, unknown>;
  const b = before as unknown as Record<string, unknown>;
  for (const k of Object.keys(d)) if (d[k] !== b[k]) out[k] = d[k];
  return out as unknown as T;
}
