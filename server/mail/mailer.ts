import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import type { Logger } from '../http/app-env.ts';
import { oneLineLogger } from '../http/logger.ts';

/** An event's `.ics` sent as the mail's calendar part, which calendars read as an entry to add, update or remove. */
export type MailCalendar = { method: 'REQUEST' | 'CANCEL'; content: string };

export type Mail = { to: string; subject: string; text: string; html?: string; calendar?: MailCalendar };

const outboxRow = (mail: Mail) => ({
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html ?? null,
  calendarMethod: mail.calendar?.method ?? null,
  calendar: mail.calendar?.content ?? null,
});

/** What nodemailer sends: the calendar part as `icalEvent`, with its METHOD in the content type. */
const transportMail = ({ calendar, ...mail }: Mail) =>
  calendar ? { ...mail, icalEvent: { method: calendar.method, content: calendar.content } } : mail;

export type Mailer = {
  /** Records the mail and hands it to delivery; resolves once it is recorded, not once delivered. */
  send(mail: Mail): Promise<void>;
  /**
   * The same for many mails (one per recipient of a training): recorded with multi-row inserts
   * and delivered one after another, so a large team does not open a connection per member at once.
   */
  sendMany(mails: Mail[]): Promise<void>;
  /**
   * Records mails inside the caller's transaction (`executor`) and answers a function that starts
   * their delivery, to be called once the transaction has committed: the mails exist exactly when
   * the work that wrote them does.
   */
  record(executor: Pick<Database, 'insert'>, mails: Mail[]): Promise<() => void>;
  /** Waits for deliveries under way, then closes the SMTP connection. */
  close(): Promise<void>;
};

/** Rows per insert when recording many mails. */
const BATCH = 500;

type MailerOptions = { db: Database; smtpUrl: string | undefined; from: string; logger: Logger };

/**
 * Every mail gets a mail_outbox row. With SMTP_URL the row is delivered in the background and
 * marked sent or failed; without it the row stays unsent and the mail goes to the log, so a
 * developer can follow reset links without a mail server.
 */
export function createMailer({ db, smtpUrl, from, logger: sink }: MailerOptions): Mailer {
  const logger = oneLineLogger(sink);
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  const deliveries = new Set<Promise<void>>();

  async function deliver(id: string, mail: Mail, smtp: NonNullable<typeof transport>) {
    try {
      await smtp.sendMail({ from, ...transportMail(mail) });
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      logger.error(`Mail to ${mail.to} failed: ${reason}`);
      await db
        .update(mailOutbox)
        .set({ error: reason })
        .where(eq(mailOutbox.id, id))
        .catch(() => undefined);
    }
  }

  function track(delivery: Promise<void>) {
    const tracked = delivery.finally(() => deliveries.delete(tracked));
    deliveries.add(tracked);
  }

  /** Inserts the mails' rows through `executor`; the answer starts their delivery. */
  async function record(executor: Pick<Database, 'insert'>, mails: Mail[]): Promise<() => void> {
    const recorded: { id: string; mail: Mail }[] = [];
    for (let start = 0; start < mails.length; start += BATCH) {
      const batch = mails.slice(start, start + BATCH);
      const rows = await executor
        .insert(mailOutbox)
        .values(batch.map(outboxRow))
        .returning({ id: mailOutbox.id });
      for (const [index, row] of rows.entries()) recorded.push({ id: row.id, mail: batch[index] as Mail });
    }
    return () => {
      if (!transport) {
        for (const { mail } of recorded)
          logger.info(`Mail (not sent, no SMTP_URL) to ${mail.to}: ${mail.subject}\n${mail.text}`);
        return;
      }
      const smtp = transport;
      track(
        (async () => {
          for (const { id, mail } of recorded) await deliver(id, mail, smtp);
        })(),
      );
    };
  }

  return {
    async sendMany(mails) {
      (await record(db, mails))();
    },
    record,
    async send(mail) {
      const [row] = await db.insert(mailOutbox).values(outboxRow(mail)).returning({ id: mailOutbox.id });
      if (!transport || !row) {
        logger.info(`Mail (not sent, no SMTP_URL) to ${mail.to}: ${mail.subject}\n${mail.text}`);
        return;
      }
      // Not awaited: a slow mail server would otherwise make answers for known emails stand out.
      track(deliver(row.id, mail, transport));
    },
    async close() {
      await Promise.allSettled([...deliveries]);
      transport?.close();
    },
  };
}
