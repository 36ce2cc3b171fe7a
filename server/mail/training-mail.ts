import { escapeHtml, mailDate } from './mail-text.ts';
import type { Mail } from './mailer.ts';

export type TrainingMailKind =
  | 'assigned'
  | 'reassigned'
  | 'reminder'
  | 'due-7'
  | 'due-1'
  | 'overdue'
  | 'expiring';

const subjects: Record<TrainingMailKind, (title: string) => string> = {
  assigned: (title) => `New training assigned: ${title}`,
  reassigned: (title) => `Training reassigned: ${title}`,
  reminder: (title) => `Reminder: ${title}`,
  'due-7': (title) => `Due in a week: ${title}`,
  'due-1': (title) => `Due tomorrow: ${title}`,
  overdue: (title) => `Overdue: ${title}`,
  expiring: (title) => `Expiring soon: ${title}`,
};

const intros: Record<TrainingMailKind, string> = {
  assigned: 'A new training was assigned to you.',
  reassigned: 'A training was assigned to you again: take its courses once more.',
  reminder: 'This is a reminder of a training assigned to you.',
  'due-7': 'A training assigned to you is due in a week.',
  'due-1': 'A training assigned to you is due tomorrow.',
  overdue: 'A training assigned to you is past its deadline.',
  expiring: 'Your completion of a course expires soon; take it again to stay current.',
};

/** A course of the training and its address in the player. */
export type MailCourse = { name: string; link: string };

/**
 * Tells one member about a training: its courses, each linked to the player, its deadline (or
 * the day a completion expires) as people write dates, and the first course as where to start.
 */
export function trainingMail(
  kind: TrainingMailKind,
  member: { email: string; firstName: string },
  training: { title: string; deadline: string | null; courses: MailCourse[]; expiresOn?: string | Date },
  fallbackLink: string,
): Mail {
  const greeting = member.firstName ? `Hello ${member.firstName},` : 'Hello,';
  const due = training.expiresOn
    ? `It expires on ${mailDate(training.expiresOn)}.`
    : training.deadline
      ? `Please complete it by ${mailDate(training.deadline)}.`
      : 'It has no deadline.';
  const start = training.courses[0]?.link ?? fallbackLink;
  return {
    to: member.email,
    subject: subjects[kind](training.title),
    text: [
      greeting,
      '',
      intros[kind],
      `Training: ${training.title}`,
      'Courses:',
      ...training.courses.map((course) => `- ${course.name}: ${course.link}`),
      due,
      '',
      `Start here: ${start}`,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intros[kind])}</p>`,
      `<p>Training: <strong>${escapeHtml(training.title)}</strong></p>`,
      `<ul>${training.courses
        .map((course) => `<li><a href="${escapeHtml(course.link)}">${escapeHtml(course.name)}</a></li>`)
        .join('')}</ul>`,
      `<p>${escapeHtml(due)}</p>`,
      `<p>Start here: <a href="${escapeHtml(start)}">${escapeHtml(start)}</a></p>`,
    ].join('\n'),
  };
}
