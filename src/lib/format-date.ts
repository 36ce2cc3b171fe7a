/**
 * Every date the app shows, in one format: the user's locale in its medium style ('Mar 14, 2031'
 * in en-US, '14.03.2031' in de-DE), with the time in its short style where a moment matters.
 * Screens call these instead of toLocaleDateString or dayjs formats, so one screen cannot say
 * 3/14/2031 while the next says 2031-03-14.
 *
 *   formatDate('2031-03-14')               // 'Mar 14, 2031'
 *   formatDateTime('2031-03-14T09:30:00Z') // 'Mar 14, 2031, 10:30 AM' (in the user's time zone)
 *   <DateInput {...dateInputFormat} />     // a date field showing and reading the same format
 */

/** Shown for a date that is not set (no deadline, not completed yet) or not a date. */
export const NO_DATE = '—';

type DateLike = string | number | Date | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

const formats = new Map<string, Intl.DateTimeFormat>();

/** Formatters are costly to build and a long table formats hundreds of dates: one per locale and style. */
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * A calendar date (yyyy-mm-dd) is that day wherever the user is: read as local midnight, not as
 * UTC midnight, which is the day before west of Greenwich.
 */
function toDate(value: DateLike): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const day = DATE_ONLY.exec(value.trim());
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date (a calendar day or a moment) as the user's locale writes it: 'Mar 14, 2031'. */
export function formatDate(value: DateLike, locale?: string): string {
  const date = toDate(value);
  return date ? formatter(locale, { dateStyle: 'medium' }).format(date) : NO_DATE;
}

/** A moment with its time: 'Mar 14, 2031, 9:30 AM'. */
export function formatDateTime(value: DateLike, locale?: string): string {
  const date = toDate(value);
  return date ? formatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : NO_DATE;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** yyyy-mm-dd of a real day, or null (Feb 30 is not one). */
function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The locale's month names, long and short, lower case and without dots, to month numbers. */
function monthNumbers(locale: string | undefined): Map<string, number> {
  const names = new Map<string, number>();
  for (const month of ['long', 'short'] as const) {
    const format = formatter(locale, { month });
    for (let index = 0; index < 12; index += 1) {
      const name = format
        .format(new Date(2000, index, 1))
        .toLowerCase()
        .replace(/\./g, '');
      names.set(name, index + 1);
    }
  }
  return names;
}

/** In which order the locale writes day, month and year in figures (3/14/2031 or 14.3.2031). */
function numericOrder(locale: string | undefined): ('day' | 'month' | 'year')[] {
  return formatter(locale, { year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(new Date(2031, 2, 14))
    .flatMap((part) =>
      part.type === 'day' || part.type === 'month' || part.type === 'year' ? [part.type] : [],
    );
}

/**
 * What a user typed in a date field, as yyyy-mm-dd, or null: the shown format ('Mar 14, 2031'), the
 * locale's figures (3/14/2031) or yyyy-mm-dd.
 */
export function parseDateInput(text: string, locale?: string): string | null {
  const trimmed = text.trim();
  const iso = DATE_ONLY.exec(trimmed);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const tokens = trimmed.toLowerCase().match(/\p{L}+|\d+/gu) ?? [];
  const months = monthNumbers(locale);
  const numbers: number[] = [];
  let month: number | undefined;
  for (const token of tokens) {
    if (/^\d+$/.test(token)) numbers.push(Number(token));
    else if (months.has(token)) month = months.get(token);
  }
  if (month !== undefined) {
    // A month by name leaves the day and the year, the year being the one with four figures.
    const [first, second] = numbers;
    if (numbers.length !== 2 || first === undefined || second === undefined) return null;
    return first > 31 ? isoDay(first, month, second) : isoDay(second, month, first);
  }
  const order = numericOrder(locale);
  if (numbers.length !== 3 || order.length !== 3) return null;
  const part = (type: 'day' | 'month' | 'year') => numbers[order.indexOf(type)] ?? Number.NaN;
  return isoDay(part('year'), part('month'), part('day'));
}

/** The props a Mantine date input needs to show and read dates as the rest of the app shows them. */
export const dateInputFormat = {
  valueFormat: (value: string) => formatDate(value),
  dateParser: (text: string) => parseDateInput(text),
  placeholder: 'Pick a date',
};
