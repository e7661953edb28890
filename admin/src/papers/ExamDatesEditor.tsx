// A paper's exam dates by series, each with its source (issue 17): the admin edits the list and saves
// it as a whole; the pages then show the next date that has not passed.
import { useState } from "react";
import type { Paper } from "../../../shared/schemas.ts";
import { EXAM_DATES_MAX, type ExamDate, nextExamDay, seriesOf } from "../../../shared/exam-dates.ts";
import { examDatesSchema } from "../../../shared/catalogue.ts";
import { formatDate } from "../../../shared/format.ts";
import { ApiError, call } from "../api.ts";
import { inputClass, PlusIcon, TrashIcon } from "../ui.tsx";

export function ExamDatesEditor({ paper, onSaved }: { paper: Paper; onSaved(paper: Paper): void }) {
  const [rows, setRows] = useState<ExamDate[]>(paper.examDates);
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  const set = (i: number, patch: Partial<ExamDate>) => setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  async function save() {
    const parsed = examDatesSchema.safeParse({ examDates: rows });
    if (!parsed.success) return setProblem(parsed.error.issues[0].message);
    setSaving(true);
    setProblem(null);
    try {
      const { examDates } = await call<{ examDates: ExamDate[] }>(`/api/papers/${paper.id}/exam-dates`, parsed.data, "PUT");
      onSaved({ ...paper, examDates, examDate: nextExamDay(examDates) });
      setRows(examDates);
      setEditing(false);
      setSaved(true);
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : "The exam dates could not be saved. Please try again.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="mt-8" aria-labelledby={`exam-dates-${paper.id}`} data-testid="exam-dates">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`exam-dates-${paper.id}`} className="font-semibold">Exam dates</h4>
        {!editing && <button type="button" className="btn-outline" onClick={() => (setEditing(true), setSaved(false))}>Edit exam dates</button>}
      </div>
      <p className="mt-1 text-sm text-slate-600">One date per series, with where it comes from. Students see the next date that has not passed.</p>
      <div role="status" aria-live="polite" className="empty:hidden">{saved && <p className="mt-2 text-sm text-green-800">Exam dates saved.</p>}</div>
      {!editing && (rows.length === 0
        ? <p className="mt-2 text-sm text-slate-700">No exam dates recorded.</p>
        : (
          <ul className="mt-2 divide-y divide-slate-200 text-sm">
            {rows.map((d) => (
              <li key={d.series} className="py-2">
                <strong className="font-semibold">{d.series}</strong>: {formatDate(d.date)}
                <span className="block text-slate-600">Source: {d.source}</span>
              </li>
            ))}
          </ul>
        ))}
      {editing && (
        <div className="mt-3 space-y-3">
          {problem && <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{problem}</p>}
          {rows.map((d, i) => (
            <fieldset key={i} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[9rem_10rem_1fr_auto] sm:items-end">
              <legend className="sr-only">Exam date {i + 1}</legend>
              <label className="text-sm font-medium text-slate-800">Date
                <input type="date" className={inputClass()} value={d.date} onChange={(e) => set(i, { date: e.target.value, series: d.series || (e.target.value ? seriesOf(e.target.value) : "") })} />
              </label>
              <label className="text-sm font-medium text-slate-800">Series
                <input className={inputClass()} value={d.series} placeholder="Summer 2027" onChange={(e) => set(i, { series: e.target.value })} />
              </label>
              <label className="text-sm font-medium text-slate-800">Source
                <input className={inputClass()} value={d.source} placeholder="AQA final timetable, June 2027" onChange={(e) => set(i, { source: e.target.value })} />
              </label>
              <button type="button" className="btn-ghost text-red-700" aria-label={`Remove exam date ${i + 1}`} onClick={() => setRows((r) => r.filter((_, j) => j !== i))}><TrashIcon /></button>
            </fieldset>
          ))}
          <div className="flex flex-wrap gap-2">
            {rows.length < EXAM_DATES_MAX && (
              <button type="button" className="btn-outline" onClick={() => setRows((r) => [...r, { series: "", date: "", source: "" }])}><PlusIcon /> Add exam date</button>
            )}
            <button type="button" className="btn-primary" disabled={saving} onClick={save}>{saving ? "Saving…" : "Save exam dates"}</button>
            <button type="button" className="btn-ghost" onClick={() => (setRows(paper.examDates), setEditing(false), setProblem(null))}>Cancel</button>
          </div>
        </div>
      )}
    </section>
  );
}
