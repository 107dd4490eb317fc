import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server the e2e app sends its mail to (invites, codes, reset links). Each message is
 * written to `dir` as `<n>.json` ({to, raw}) so the test workers, which are other processes, can
 * read what a user would find in their inbox.
 */
export async function startMailbox(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        writeFileSync(
          path.join(dir, `${Date.now()}-${count}.json`),
          JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft breaks and `=3D`, so links in a body can be matched. */
function plainText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
}

/** Waits for a message to `to` whose text matches `pattern`; answers the first capture group. */
export async function waitForMail(to: string, pattern: RegExp): Promise<string> {
  const dir = process.env.E2E_MAILBOX_DIR;
  if (!dir) throw new Error('E2E_MAILBOX_DIR is not set: the global setup starts the mailbox');
  let found: string | undefined;
  await expect
    .poll(
      () => {
        for (const file of readdirSync(dir).sort()) {
          const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
            to: string[];
            raw: string;
          };
          if (!mail.to.includes(to.toLowerCase())) continue;
          const match = pattern.exec(plainText(mail.raw));
          if (match) {
            found = match[1] ?? match[0];
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} matching ${pattern}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as string;
}
