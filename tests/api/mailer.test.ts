import { createServer, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let t: TestContext;
let refusing: Server;
let port: number;
beforeAll(async () => {
  t = await createTestContext();
  // A mail server that hangs up at once, so delivery fails the way a broken SMTP server fails.
  refusing = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  const address = refusing.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await new Promise((resolve) => refusing.close(resolve));
  await t.close();
});

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe('createMailer', () => {
  it('without SMTP keeps the mail in the outbox, unsent', async () => {
    const mailer = createMailer({ db: t.db, smtpUrl: undefined, from: 'x@example.com', logger: quiet });
    await mailer.send({ to: 'outbox@example.com', subject: 'Hi', text: 'Body' });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'outbox@example.com'));
    expect(row).toMatchObject({ subject: 'Hi', text: 'Body', sentAt: null, error: null });
  });

  it('without SMTP logs the mail on one line, whatever line breaks its title holds', async () => {
    const infos: string[] = [];
    const mailer = createMailer({
      db: t.db,
      smtpUrl: undefined,
      from: 'x@example.com',
      logger: { ...quiet, info: (...args: unknown[]) => void infos.push(args.join(' ')) },
    });
    const title = 'Fire drill\n2026-01-01 ERROR forged line\r\nand more';
    await mailer.send({
      to: 'title@example.com',
      subject: `Assigned: ${title}`,
      text: `You are assigned ${title}.`,
    });
    await mailer.sendMany([{ to: 'many@example.com', subject: title, text: 'Body' }]);
    expect(infos).toHaveLength(2);
    for (const line of infos) expect(line).not.toMatch(/[\r\n]/);
    expect(infos[0]).toContain('Fire drill\\n2026-01-01 ERROR forged line\\r\\nand more');
  });

  it('with SMTP records a failed delivery on the outbox row and in the log', async () => {
    const errors: string[] = [];
    const mailer = createMailer({
      db: t.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'x@example.com',
      logger: { ...quiet, error: (message: string) => void errors.push(message) },
    });
    await mailer.send({ to: 'smtp@example.com', subject: 'Hi', text: 'Body' });
    await mailer.close();
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'smtp@example.com'));
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toEqual(expect.any(String));
    expect(errors.some((message) => message.includes('smtp@example.com'))).toBe(true);
  });
});
