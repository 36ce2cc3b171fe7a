/**
 * What every mail writes the same way: dates as people write them, links into the app, and HTML
 * text escaped.
 */

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A day as a reader writes it: `2026-12-18` (a deadline, a date column's text) or an instant
 * (read as its UTC day, the day the server counts by) becomes "18 December 2026".
 */
export function mailDate(day: string | Date): string {
  const date = typeof day === 'string' ? new Date(`${day.slice(0, 10)}T00:00:00Z`) : day;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(day)}`);
  return dateFormat.format(date);
}

/** The course player in the user portal, where a learner takes the course. */
export const courseLink = (appUrl: string, courseId: string) =>
  `${appUrl}/user-portal/learning-process/course/${courseId}`;

/** The sign-in screen. */
export const signInLink = (appUrl: string) => `${appUrl}/login`;

/** The reset screen with a token: sets a first password or a new one. */
export const setPasswordLink = (appUrl: string, token: string) => `${appUrl}/reset-password/${token}`;
