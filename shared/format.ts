// Date formatting of the specification (§9): home 'dd MMM yyyy', a generic en-GB helper,
// 'Invalid date' for anything unparseable, and history's long 'date at time'.

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** '15 Jun 2025' (dd MMM yyyy), computed in UTC so server and browser agree. */
export function formatExamDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return "Invalid date";
  const day = String(d.getUTCDate()).padStart(2, "0");
  const month = d.toLocaleString("en-GB", { month: "short", timeZone: "UTC" }).slice(0, 3);
  return `${day} ${month} ${d.getUTCFullYear()}`;
}

/** en-GB day, short month, year: '5 Jun 2025'. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return "Invalid date";
  return d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/London" });
}

/** Long date and time: '5 June 2025 at 14:03'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return "Invalid date";
  const date = d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });
  const time = d.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });
  return `${date} at ${time}`;
}

/** Pence as pounds: 499 -> '£4.99'. */
export function formatPence(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

/** A paper's time: 105 → "1 h 45 min", 90 → "1 h 30 min", 60 → "1 h". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : "", m ? `${m} min` : ""].filter(Boolean).join(" ");
}
