import { eq } from 'drizzle-orm';
import { createResetToken, INVITATION_TTL_MS } from '../auth/reset-tokens.ts';
import { users } from '../db/schema/users.ts';
import type { AppDeps } from '../http/app-env.ts';
import { escapeHtml, setPasswordLink, signInLink } from './mail-text.ts';
import type { Mail } from './mailer.ts';

/**
 * How a new account starts: signing in with the password someone set for it, or setting a
 * password first through a reset link that lasts INVITATION_TTL_MS.
 */
export type WelcomeStart = { kind: 'sign-in'; link: string } | { kind: 'set-password'; link: string };

/** Tells the owner of a new account that it exists and how to start. */
export function welcomeMail(user: { email: string; firstName: string }, start: WelcomeStart): Mail {
  const greeting = user.firstName ? `Hello ${user.firstName},` : 'Hello,';
  const intro = 'An account was created for you on Training Admin.';
  const days = INVITATION_TTL_MS / (24 * 60 * 60 * 1000);
  const steps =
    start.kind === 'sign-in'
      ? [
          'Sign in here with your email and the password you were given:',
          'Ask the person who created your account for the password if you do not have it.',
        ]
      : [
          `Open this link within ${days} days to set your password:`,
          'After that you can sign in with your email and the new password.',
        ];
  const [open, after] = steps as [string, string];
  return {
    to: user.email,
    subject: 'Welcome to Training Admin',
    text: [greeting, '', intro, open, start.link, '', after].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(open)}<br><a href="${escapeHtml(start.link)}">${escapeHtml(start.link)}</a></p>`,
      `<p>${escapeHtml(after)}</p>`,
    ].join('\n'),
  };
}

/**
 * Mails the owner of an account just created (Add User, or a lead's Add Member): a link to sign in
 * with the password that was set, or, when the account must set a new password first ('Require
 * Password Reset'), a set-your-password link (a reset token that lasts a week, as an invitation's).
 */
export async function mailWelcome(
  { db, mailer, config }: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  userId: string,
) {
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, reset: users.requirePasswordReset })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const start = user.reset
    ? ({
        kind: 'set-password',
        link: setPasswordLink(config.appUrl, await createResetToken(db, userId, INVITATION_TTL_MS)),
      } as const)
    : ({ kind: 'sign-in', link: signInLink(config.appUrl) } as const);
  await mailer.send(welcomeMail(user, start));
}
