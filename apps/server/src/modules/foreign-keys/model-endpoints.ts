/**
 * Where the model providers of the vault are reached. Anthropic's and Gemini's kinds may leave
 * `base_url` empty (the public API answers) or point it at a proxy or a stand-in. The base is
 * the host, as both vendors document it; one pasted with its API version (`…/v1`, `…/v1beta`)
 * is read the same, and the version is added where each call is made.
 */
export const ANTHROPIC_API = { base: 'https://api.anthropic.com', version: 'v1' } as const;
export const GEMINI_API = { base: 'https://generativelanguage.googleapis.com', version: 'v1beta' } as const;

/** The versioned root of a provider's API, e.g. `https://api.anthropic.com/v1`. */
export function apiRoot(values: Record<string, string>, api: { base: string; version: string }): string {
  const given = (values.base_url ?? '').trim().replace(/\/+$/, '') || api.base;
  const host = given.endsWith(`/${api.version}`) ? given.slice(0, -api.version.length - 1) : given;
  return `${host}/${api.version}`;
}

/** The Anthropic API version every call names (the one the AI SDK's provider sends). */
export const ANTHROPIC_VERSION = '2023-06-01';
