/** A msgid in the request's language with its `{{name}}` places filled; an unknown place stays as written. */
export function say(
  t: (msgid: string) => string,
  msgid: string,
  values: Record<string, string | number> = {},
): string {
  return t(msgid).replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
