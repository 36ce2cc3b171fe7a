import { INVITATION_TTL_MS } from '../auth/reset-tokens.ts';
import { escapeHtml } from './mail-text.ts';
import type { Mail } from './mailer.ts';

/** Invites a team member to set a password (the link is a reset link that lasts INVITATION_TTL_MS). */
export function invitationMail(
  member: { email: string; firstName: string },
  team: { title: string },
  link: string,
): Mail {
  const days = INVITATION_TTL_MS / (24 * 60 * 60 * 1000);
  const greeting = member.firstName ? `Hello ${member.firstName},` : 'Hello,';
  const intro = `You are a member of ${team.title} on Training Admin.`;
  return {
    to: member.email,
    subject: 'You are invited to Training Admin',
    text: [
      greeting,
      '',
      intro,
      `Open this link within ${days} days to set your password:`,
      link,
      '',
      'After that you can log in with your email and the new password.',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p>Open this link within ${days} days to set your password:<br>`,
      `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      '<p>After that you can log in with your email and the new password.</p>',
    ].join('\n'),
  };
}
