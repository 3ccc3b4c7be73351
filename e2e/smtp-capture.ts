import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * The test SMTP server of the browser journeys: `e2e/servers.ts` starts one before each worker's
 * Khela server and points that server's `SMTP_URL` at it, so mail goes through the real SMTP adapter
 * (nodemailer) and is captured here. Usage: `tsx e2e/smtp-capture.ts <dir>`.
 *
 * It listens on a free loopback port and writes that port to `<dir>/port` once ready; each mail
 * received is parsed (mailparser) and written as `<dir>/<time>-<n>.json` ({@link CapturedMail}),
 * which `e2e/auth-inbox.ts` reads. It stops on SIGTERM/SIGINT (the teardown stops the server's
 * process group) or when its parent, the server, is gone.
 */
export type CapturedMail = {
  /** SMTP envelope. */
  envelope: { from: string; to: string[] };
  /** Parsed headers and body. */
  from: { name: string; address: string };
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
};

const dir = process.argv[2];
if (!dir) {
  console.error('usage: tsx e2e/smtp-capture.ts <dir>');
  process.exit(2);
}
await mkdir(dir, { recursive: true });

let count = 0;
type AddressGroup = { value: { name: string; address?: string }[] };
const mailboxes = (value: AddressGroup | AddressGroup[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.map((entry) => ({ name: entry.name, address: entry.address ?? '' })),
  );

const server = new SMTPServer({
  // Loopback only, no TLS, no login: a capture for tests, never a relay.
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 1024 * 1024,
  closeTimeout: 200,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then(async (parsed) => {
        const mail: CapturedMail = {
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          },
          from: mailboxes(parsed.from)[0] ?? { name: '', address: '' },
          to: mailboxes(parsed.to).map((box) => box.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          receivedAt: Date.now(),
        };
        count += 1;
        const name = `${String(mail.receivedAt).padStart(15, '0')}-${String(count).padStart(6, '0')}.json`;
        // Written aside, then renamed: a reader never sees half a file.
        await writeFile(join(dir, `.${name}`), JSON.stringify(mail));
        await rename(join(dir, `.${name}`), join(dir, name));
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 1000);

server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('smtp-capture: no port');
  void writeFile(join(dir, '.port'), String(address.port)).then(() =>
    rename(join(dir, '.port'), join(dir, 'port')),
  );
});
