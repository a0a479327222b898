/**
 * Dates shown as dd/MM/yyyy HH:mm in locale en-GB (spec §9): the one formatter of every date the
 * product shows (post cards, drops, users and invitations, admin lists, data privacy, invoices,
 * the subscription's status, and the server's invoice pages and PDFs). With the platform's Date
 * and Intl, not luxon: the landing route carries it (post cards) and stays small.
 */
interface DateTimeParts {
  day: number;
  month: number;
  year: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
      timeZone,
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The date's fields in a time zone. The browser's own zone and UTC need no Intl: the first
 * Intl.DateTimeFormat loads the locale's data, 20-50 ms in one task on a slow machine, which
 * would fall in the start-up or in the render of the first card. Other zones (tests pin them)
 * go through Intl.
 */
function partsIn(date: Date, timeZone: string | undefined): DateTimeParts {
  if (timeZone === undefined || timeZone === 'UTC') {
    const utc = timeZone === 'UTC';
    return {
      day: utc ? date.getUTCDate() : date.getDate(),
      month: (utc ? date.getUTCMonth() : date.getMonth()) + 1,
      year: utc ? date.getUTCFullYear() : date.getFullYear(),
      hour: utc ? date.getUTCHours() : date.getHours(),
      minute: utc ? date.getUTCMinutes() : date.getMinutes(),
    };
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    day: parts.day ?? 0,
    month: parts.month ?? 0,
    year: parts.year ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An ISO date-time as 'dd/MM/yyyy HH:mm' (en-GB) in the given IANA time zone (the browser's when
 * absent); null when the text is not a date.
 */
export function formatDateTime(iso: string, timeZone?: string): string | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const { day, month, year, hour, minute } = partsIn(new Date(time), timeZone);
  return `${pad(day)}/${pad(month)}/${year} ${pad(hour)}:${pad(minute)}`;
}
