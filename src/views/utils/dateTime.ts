/**
 * Dates shown as dd/MM/yyyy HH:mm in locale en-GB (spec §9), with the platform's Intl (no date
 * library on the landing route).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An ISO date-time as 'dd/MM/yyyy HH:mm' (en-GB) in the given IANA time zone (the browser's when
 * absent); null when the text is not a date.
 */
export function formatDateTime(iso: string, timeZone?: string): string | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(time))) {
    parts[part.type] = part.value;
  }
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/**
 * Builds the formatter ahead of the first date shown: the first Intl.DateTimeFormat loads the
 * locale's data, about 20 ms, which would otherwise fall inside the render of the first card.
 */
export function prepareDateTimeFormat(timeZone?: string): void {
  formatterFor(timeZone);
}
