import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives (the network edge for mail tests). */
export async function startSmtpServer(port = 0): Promise<{
  url: string;
  inbox: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    inbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft breaks so a link in the body can be matched. */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The decoded text of every part of a received message (base64 and quoted-printable undone),
 * one after another: what a reader of the mail sees, in whichever language it was written.
 */
export function mailBody(raw: string): string {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1] as string);
  const parts = boundaries.length
    ? raw.split(new RegExp(boundaries.map((b) => `--${b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).join('|')))
    : [raw];
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return '';
      const headers = part.slice(0, split);
      const body = part.slice(split).trim();
      if (/content-type:\s*multipart/i.test(headers)) return '';
      if (/content-transfer-encoding:\s*base64/i.test(headers)) {
        return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      }
      if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
      return body;
    })
    .join('\n');
}
