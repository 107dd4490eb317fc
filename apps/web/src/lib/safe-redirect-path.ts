/**
 * `next` and `from` arrive in the URL, so anyone can craft them. Only a path inside this app is
 * followed: it must start with one '/', and not '//' or '/\' which browsers read as another host.
 */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters (tabs, new lines) are dropped by URL parsers and can smuggle a '//' through.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is matched here
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  return value;
}
