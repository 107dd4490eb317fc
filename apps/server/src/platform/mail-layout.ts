/** Translates a msgid in the recipient's language (`Translator.translate` bound to a locale). */
export type MailTranslate = (msgid: string) => string;

export interface MailParts {
  /** The recipient's name for the greeting; none: a greeting without a name. */
  name?: string | null;
  /** The message itself, one string per paragraph (already in the recipient's language). */
  paragraphs: string[];
  /** Why they receive it, under the signature (already translated). */
  reason?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Links in a paragraph become anchors; everything else is escaped. */
function htmlParagraph(text: string): string {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  const inner = parts
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('')
    .replace(/\n/g, '<br>');
  return `<p style="margin:0 0 16px">${inner}</p>`;
}

/**
 * The one layout every product e-mail uses, in the recipient's language: greeting, the message,
 * the signature and why they receive it; as plain text and as simple HTML (no remote images, so
 * nothing is fetched when it is opened).
 */
export function composeMail(t: MailTranslate, parts: MailParts): { text: string; html: string } {
  const greeting = parts.name ? t('Hello {name},').replace('{name}', parts.name) : t('Hello,');
  const signature = t('The Marketing AI Workspace team');
  const text = [
    greeting,
    ...parts.paragraphs,
    `-- \n${signature}`,
    ...(parts.reason ? [parts.reason] : []),
  ].join('\n\n');
  const html = [
    '<div style="font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f1f1f">',
    htmlParagraph(greeting),
    ...parts.paragraphs.map(htmlParagraph),
    htmlParagraph(signature),
    ...(parts.reason
      ? [`<p style="margin:24px 0 0;font-size:12px;color:#8c8c8c">${escapeHtml(parts.reason)}</p>`]
      : []),
    '</div>',
  ].join('\n');
  return { text: `${text}\n`, html };
}
