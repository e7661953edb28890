// What a paper page's exam-date line says on a given day: the next recorded date, or the summer
// series still to come for this paper (one whose date has passed is over, so the next year's).
// Shared by the page's script and its tests (kept free of server imports).
import { type ExamDate, nextExamDate, nextSummerSeries } from "../../shared/exam-dates.ts";

export function nextExamLine(dates: readonly ExamDate[], today: string): { date: ExamDate | null; series: string } {
  const next = nextExamDate(dates, today);
  if (next) return { date: next, series: next.series };
  const summer = nextSummerSeries(today);
  const sat = dates.some((d) => d.series === summer);
  return { date: null, series: sat ? `Summer ${Number(summer.slice(-4)) + 1}` : summer };
}
