// The weekly schedule: the plan's recommendations cut into sessions and spread over Monday to Sunday
// (after school on weekdays, mornings at the weekend), most important first, never more than the week.
import type { Category, Priority, ScheduleDay, ScheduleSession, StudySchedule } from "../../shared/study.ts";

export const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const PRIORITY_ORDER: Record<Priority, number> = { high: 0, medium: 1, low: 2 };
const BREAK = 10;
const WEEKDAY_START = 17 * 60;
const WEEKDAY_LATEST_END = 21 * 60 + 30;
const WEEKEND_START = 10 * 60;
const EARLIEST = 8 * 60;

export interface SchedulableRecommendation {
  id: number;
  title: string;
  category: Category;
  priority: Priority;
  estimatedTime: number;
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Splits minutes into sessions of at most `max`, as even as 5-minute steps allow. */
export function splitSessions(minutes: number, max: number): number[] {
  if (minutes <= 0) return [];
  const n = Math.ceil(minutes / max);
  const base = Math.floor(minutes / n / 5) * 5;
  const out = Array.from({ length: n }, () => base);
  let rest = minutes - base * n;
  for (let i = 0; rest > 0; i = (i + 1) % n) {
    const add = Math.min(5, rest);
    out[i] += add;
    rest -= add;
  }
  return out.filter((m) => m > 0);
}

/** The week's sessions. The total never exceeds `weeklyMinutes`: lower-priority work is cut first. */
export function buildSchedule(recs: readonly SchedulableRecommendation[], weeklyMinutes: number): StudySchedule {
  const maxSession = weeklyMinutes <= 150 ? 30 : weeklyMinutes <= 420 ? 45 : 60;
  const ordered = recs.map((r, i) => ({ r, i })).sort((a, b) => PRIORITY_ORDER[a.r.priority] - PRIORITY_ORDER[b.r.priority] || a.i - b.i).map((x) => x.r);
  const load = DAYS.map(() => 0);
  const placed: { day: number; rec: SchedulableRecommendation; minutes: number; order: number }[] = [];
  let budget = Math.max(0, Math.floor(weeklyMinutes));
  let order = 0;
  for (const rec of ordered) {
    const minutes = Math.min(Math.max(0, Math.round(rec.estimatedTime)), budget);
    budget -= minutes;
    const usedDays = new Set<number>();
    for (const chunk of splitSessions(minutes, maxSession)) {
      // The least-loaded day, preferring days without this recommendation (spacing), then the earliest.
      let best = -1;
      for (let d = 0; d < DAYS.length; d++) {
        if (best < 0) {
          best = d;
          continue;
        }
        const spacedD = usedDays.has(d) ? 1 : 0;
        const spacedBest = usedDays.has(best) ? 1 : 0;
        if (spacedD < spacedBest || (spacedD === spacedBest && load[d] < load[best])) best = d;
      }
      load[best] += chunk;
      usedDays.add(best);
      placed.push({ day: best, rec, minutes: chunk, order: order++ });
    }
  }

  const days: ScheduleDay[] = DAYS.map((day, d) => {
    const today = placed.filter((p) => p.day === d).sort((a, b) => PRIORITY_ORDER[a.rec.priority] - PRIORITY_ORDER[b.rec.priority] || a.order - b.order);
    const busy = today.reduce((n, p) => n + p.minutes, 0) + Math.max(0, today.length - 1) * BREAK;
    const weekend = d >= 5;
    let t = weekend ? WEEKEND_START : Math.max(EARLIEST, Math.min(WEEKDAY_START, WEEKDAY_LATEST_END - busy));
    t = Math.floor(t / 15) * 15;
    const sessions: ScheduleSession[] = today.map((p) => {
      const start = t;
      t += p.minutes + BREAK;
      return {
        start: clock(start),
        end: clock(start + p.minutes),
        minutes: p.minutes,
        recommendationId: p.rec.id,
        title: p.rec.title,
        category: p.rec.category,
        priority: p.rec.priority,
      };
    });
    return { day, sessions, minutes: sessions.reduce((n, s) => n + s.minutes, 0) };
  });
  return { days, totalMinutes: days.reduce((n, d) => n + d.minutes, 0), weeklyMinutes };
}
