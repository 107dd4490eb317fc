/**
 * The domain an ad shows from its display URL: no scheme, no path, no port, as Google shows it
 * above the headline ("www.example.com/path1/path2").
 */
export function adDomain(displayUrl: string): string {
  const text = displayUrl.trim();
  if (text === '') return '';
  try {
    return new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname;
  } catch {
    // Not a URL yet (the user is still typing it): show what is there, up to its first slash.
    return text.replace(/^[a-z][a-z\d+.-]*:\/\//i, '').split('/')[0] ?? '';
  }
}
