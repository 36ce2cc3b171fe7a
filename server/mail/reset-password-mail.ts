import { RESET_TOKEN_TTL_MS } from '../../contract/constants.ts';
import { escapeHtml } from './mail-text.ts';
import type { Mail } from './mailer.ts';

export function resetPasswordMail(user: { email: string; firstName: string }, link: string): Mail {
  const minutes = RESET_TOKEN_TTL_MS / 60_000;
  const greeting = user.firstName ? `Hello ${user.firstName},` : 'Hello,';
  return {
    to: user.email,
    subject: 'Reset Your Password',
    text: [
      greeting,
      '',
      'We received a request to reset the password of your Training Admin account.',
      `Open this link within ${minutes} minutes to choose a new password:`,
      link,
      '',
      'If you did not ask for this, you can ignore this email; your password stays the same.',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      '<p>We received a request to reset the password of your Training Admin account.</p>',
      `<p>Open this link within ${minutes} minutes to choose a new password:<br>`,
      `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      '<p>If you did not ask for this, you can ignore this email; your password stays the same.</p>',
    ].join('\n'),
  };
}
