// What a paper page's exam-date line says on a given day: the next recorded date, or the series
// still to come. Shared by the page's script and the server (kept free of server imports).
import { type ExamDate, nextExamDate, nextSummerSeries } from "../../shared/exam-dates.ts";

export function nextExamLine(dates: readonly ExamDate[], today: string): { date: ExamDate | null; series: string } {
  const next = nextExamDate(dates, today);
  return { date: next, series: next?.series ?? nextSummerSeries(today) };
}
