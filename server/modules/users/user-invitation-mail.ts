import { INVITATION_TTL_MS } from '../../auth/reset-tokens.ts';
import { escapeHtml } from '../../mail/mail-text.ts';
import type { Mail } from '../../mail/mailer.ts';

/** Tells an imported user their account exists and links to setting a password (a reset link). */
export function userInvitationMail(user: { email: string; firstName: string }, link: string): Mail {
  const days = INVITATION_TTL_MS / (24 * 60 * 60 * 1000);
  const greeting = user.firstName ? `Hello ${user.firstName},` : 'Hello,';
  const intro = 'An administrator created an account for you on Training Admin.';
  const open = `Open this link within ${days} days to set your password:`;
  const after = 'After that you can log in with your email and the new password.';
  return {
    to: user.email,
    subject: 'Your Training Admin account',
    text: [greeting, '', intro, open, link, '', after].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(open)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(after)}</p>`,
    ].join('\n'),
  };
}
