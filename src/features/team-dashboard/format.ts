import dayjs from 'dayjs';

/** Shown for a value that is not set (a transcript entry of no training). Dates: @/lib/format-date. */
export const NO_VALUE = '—';

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
