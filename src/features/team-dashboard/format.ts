import dayjs from 'dayjs';

/** Shown for a date that is not set (no deadline, not completed yet). */
export const NO_VALUE = '—';

/** A date (yyyy-mm-dd, read as that calendar day) or a date-time, as 'Mar 5, 2026'. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return NO_VALUE;
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM D, YYYY') : NO_VALUE;
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return NO_VALUE;
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM D, YYYY h:mm A') : NO_VALUE;
}

/** '3/5': done of assigned, as on the progress bars. */
export function progressLabel(completed: number, assigned: number): string {
  return `${completed}/${assigned}`;
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** Today as yyyy-mm-dd in the user's calendar, the earliest deadline a date field offers. */
export function today(): string {
  return dayjs().format('YYYY-MM-DD');
}
