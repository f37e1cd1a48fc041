/**
 * Date formatting, in one place so every screen writes dates the same way ("June 15, 2026"). Calendar dates
 * from the server ('YYYY-MM-DD': expiry, coverage) are shown as that very day, never shifted by a time zone;
 * instants (ISO timestamps) are shown in the reader's own time zone.
 */

const LONG: Intl.DateTimeFormatOptions = { year: "numeric", month: "long", day: "numeric" };

/** 'YYYY-MM-DD' → "June 15, 2026"; anything unreadable is returned as given. */
export function formatDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, y, m, d] = match.map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", { ...LONG, timeZone: "UTC" });
}

/** An ISO timestamp → "June 15, 2026" in the reader's time zone. */
export function formatInstantDay(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString("en-US", { ...LONG, timeZone });
}

/** An ISO timestamp → "June 15, 2026, 3:04 PM" in the reader's time zone. */
export function formatInstant(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString("en-US", { ...LONG, hour: "numeric", minute: "2-digit", timeZone });
}
