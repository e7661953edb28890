// A paper's exam dates by series (issue 17): each date with its source, the next one that has not
// passed, and the series a date belongs to. The API, the admin tools and the pages use these; "today"
// is always a parameter, so a test can set the clock and a prerendered page can decide in the browser.
// No zod here: a paper page's script imports these, and the request schemas are in catalogue.ts.

export const EXAM_SERIES_MAX = 40;
export const EXAM_DATE_SOURCE_MAX = 300;
export const EXAM_DATES_MAX = 12;

/** One series of a paper: "Summer 2027" on 2027-05-14, from the board's published timetable. */
export interface ExamDate {
  series: string;
  /** YYYY-MM-DD. */
  date: string;
  source: string;
}

/** The source recorded for a date typed into the paper form (which has no source field). */
export const ADMIN_ENTERED_SOURCE = "Entered by an administrator";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The series a date falls in: May and June are the summer series; other months are named. */
export function seriesOf(date: string): string {
  const month = Number(date.slice(5, 7));
  const year = date.slice(0, 4);
  return month === 5 || month === 6 ? `Summer ${year}` : `${MONTHS[month - 1]} ${year}`;
}

/** Today as YYYY-MM-DD in the UK, where the exams are sat. */
export function ukToday(now = new Date()): string {
  return now.toLocaleDateString("en-CA", { timeZone: "Europe/London" });
}

/** The earliest date on or after today, or null when every date has passed. */
export function nextExamDate<T extends { date: string }>(dates: readonly T[], today: string): T | null {
  return dates.filter((d) => d.date >= today).sort((a, b) => a.date.localeCompare(b.date))[0] ?? null;
}

/** A paper's examDate as the catalogue gives it: its next date that has not passed (YYYY-MM-DD), or null. */
export const nextExamDay = (dates: readonly ExamDate[], today = ukToday()): string | null => nextExamDate(dates, today)?.date ?? null;

/**
 * The summer series still to come: this year's until its last exams (the end of June), then next
 * year's. Shown when a paper has no recorded date for it, so the page names the series honestly
 * rather than a date nobody has published to us.
 */
export function nextSummerSeries(today: string): string {
  const year = Number(today.slice(0, 4));
  return today.slice(5) <= "06-30" ? `Summer ${year}` : `Summer ${year + 1}`;
}

/** Whole days from today to a date (both YYYY-MM-DD); 0 on the day itself. */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/**
 * What a paper page's exam-date line says on a given day: the next recorded date, or the summer series
 * still to come for this paper (one whose date has passed is over, so the next year's).
 */
export function nextExamLine(dates: readonly ExamDate[], today: string): { date: ExamDate | null; series: string } {
  const next = nextExamDate(dates, today);
  if (next) return { date: next, series: next.series };
  const summer = nextSummerSeries(today);
  const sat = dates.some((d) => d.series === summer);
  return { date: null, series: sat ? `Summer ${Number(summer.slice(-4)) + 1}` : summer };
}
