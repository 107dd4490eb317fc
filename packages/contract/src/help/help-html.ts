/**
 * What help HTML may hold, for the server's sanitiser (on save and on answer) and the browser's
 * (on render) alike: text formatting, lists, headings, quotes, code and links. No script, style,
 * event handler, image or frame. Its own module without zod: the help icons on /chat import it.
 */
export const HELP_HTML_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'a',
  'hr',
] as const;

/** The attributes kept, on links only. */
export const HELP_LINK_ATTRIBUTES = ['href', 'target', 'rel'] as const;
