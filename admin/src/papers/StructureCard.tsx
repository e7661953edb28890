// The Paper Structure card (admin-tools.md §2, §4 Paper structure, §5 Structure editor, §8): a
// read-only summary with each section's questions, and an editor of sections, question counts, types
// and marks, saved through PATCH /api/papers/{id} {questionStructure, sectionCount}.
import { useId, useState } from "react";
import type { Paper } from "../../../shared/schemas.ts";
import { MARK_OPTIONS, QUESTION_TYPES } from "../../../shared/papers.ts";
import { defaultSection, readStructure, type StructureQuestion, type StructureSection, structureSummary } from "../../../shared/catalogue.ts";
import { ApiError, call } from "../api.ts";
import { AnalyzeStructureDialog } from "./AnalyzeStructureDialog.tsx";
import { inputClass, type Notice, NoticeRegion, PlusIcon, TrashIcon } from "../ui.tsx";

/** §5's question types (the shared list also has 'Structured', for seeded multi-part questions). */
const EDITOR_TYPES = QUESTION_TYPES;
const marksLabel = (m: number | null) => (m === null ? "allocation needed" : `${m} mark${m === 1 ? "" : "s"}`);

/** The stored structure, or §4's fallback: Section A of 5 questions, with a notice when it could not be read. */
function initialStructure(paper: Paper): { sections: StructureSection[]; unreadable: boolean; empty: boolean } {
  const stored = readStructure(paper.questionStructure);
  if (stored) return { sections: stored, unreadable: false, empty: false };
  return { sections: [defaultSection(0)], unreadable: paper.questionStructure.trim() !== "", empty: paper.questionStructure.trim() === "" };
}

/** A section's count, types and marks follow its questions. */
function normalised(section: StructureSection): StructureSection {
  return {
    ...section,
    name: section.name.trim(),
    questionCount: section.questions.length,
    questionTypes: [...new Set(section.questions.map((q) => q.type))],
    marks: [...new Set(section.questions.flatMap((q) => (q.marks === null ? [] : [q.marks])))].sort((a, b) => a - b),
  };
}

const newQuestion = (section: StructureSection, n: number): StructureQuestion => ({
  id: `${section.name.replace(/^Section\s+/i, "").slice(0, 3) || "Q"}${n}`,
  type: "Short Answer",
  marks: 2,
});

export function StructureCard({ paper, onSaved }: { paper: Paper; onSaved(paper: Paper): void }) {
  const initial = initialStructure(paper);
  const [draft, setDraft] = useState<StructureSection[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(
    initial.unreadable ? { tone: "error", title: "Error loading paper structure", text: "Using default structure instead." } : null,
  );
  const [analyzing, setAnalyzing] = useState(false);
  const id = useId();

  async function save() {
    if (!draft) return;
    const sections = draft.map(normalised);
    setSaving(true);
    try {
      const saved = await call<Paper>(`/api/papers/${paper.id}`, { questionStructure: JSON.stringify({ sections }), sectionCount: sections.length }, "PATCH");
      setDraft(null);
      setNotice({ tone: "success", title: "Paper structure saved", text: structureSummary(sections) });
      onSaved({ ...paper, ...saved });
    } catch (err) {
      setNotice({ tone: "error", title: "Error saving structure", text: err instanceof ApiError && err.message ? err.message : "Please try again later." });
    } finally {
      setSaving(false);
    }
  }

  function proposed(json: string) {
    const sections = readStructure(json);
    setAnalyzing(false);
    if (!sections) {
      setNotice({ tone: "error", title: "Analysis failed", text: "Failed to analyze paper structure" });
      return;
    }
    // §4: an analysis result replaces the structure and opens the editor, unsaved.
    setDraft(sections);
  }

  const updateSection = (i: number, change: (s: StructureSection) => StructureSection) =>
    setDraft((d) => d && d.map((s, j) => (j === i ? change(s) : s)));

  const analyzeButton = (
    <button type="button" className="btn-outline" onClick={() => setAnalyzing(true)}>Analyze Structure with AI</button>
  );

  return (
    <section aria-labelledby={`${id}-title`} data-testid="structure-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`${id}-title`} className="text-lg font-bold">Paper Structure</h3>
        {!draft && (
          <div className="flex flex-wrap gap-2">
            {analyzeButton}
            <button type="button" className="btn-primary" onClick={() => setDraft(initial.sections)}>Edit Structure</button>
          </div>
        )}
      </div>
      <div className="mt-3"><NoticeRegion notice={notice} /></div>

      {!draft ? (
        <div>
          {initial.empty ? (
            <p className="text-sm text-slate-700">No structure saved yet. Edit Structure starts from a Section A of 5 questions.</p>
          ) : (
            <>
              <p className="font-medium text-slate-900" data-testid="structure-summary">{structureSummary(initial.sections)}</p>
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                {initial.sections.map((s, i) => (
                  <div key={i} className="rounded-lg border border-slate-200 p-4">
                    <h4 className="font-semibold">{s.name}</h4>
                    <ol className="mt-2 space-y-1 text-sm text-slate-700">
                      {s.questions.map((q, qi) => (
                        <li key={qi}>
                          <span className="font-mono">{q.displayName ?? q.id}</span> · {q.type} · {marksLabel(q.marks)}
                        </li>
                      ))}
                    </ol>
                  </div>
                ))}
              </div>
            </>
          )}
        </div>
      ) : (
        <div className="space-y-6">
          {draft.map((section, si) => {
            const sid = `${id}-s${si}`;
            return (
              <fieldset key={si} className="min-w-0 rounded-lg border border-slate-200 p-3 sm:p-4">
                <legend className="px-1 text-sm font-semibold text-slate-700">Section {si + 1}</legend>
                <div className="flex flex-wrap items-end gap-3">
                  <div className="min-w-[10rem] flex-1">
                    <label htmlFor={`${sid}-name`} className="block text-sm font-medium text-slate-800">Section name</label>
                    <input id={`${sid}-name`} value={section.name} maxLength={120} className={inputClass()} onChange={(e) => updateSection(si, (s) => ({ ...s, name: e.target.value }))} />
                  </div>
                  <div className="w-28">
                    <label htmlFor={`${sid}-count`} className="block text-sm font-medium text-slate-800">Questions</label>
                    <input
                      id={`${sid}-count`}
                      type="number"
                      min={1}
                      max={200}
                      value={section.questions.length}
                      className={inputClass()}
                      onChange={(e) => {
                        // §5: a count that is not a number of at least 1 is ignored.
                        const n = Number(e.target.value);
                        if (!Number.isInteger(n) || n < 1 || n > 200) return;
                        updateSection(si, (s) => ({
                          ...s,
                          questions: n <= s.questions.length ? s.questions.slice(0, n) : [...s.questions, ...Array.from({ length: n - s.questions.length }, (_, k) => newQuestion(s, s.questions.length + k + 1))],
                        }));
                      }}
                    />
                  </div>
                  <button
                    type="button"
                    className="btn-outline"
                    disabled={draft.length === 1}
                    title={draft.length === 1 ? "A paper needs at least one section" : undefined}
                    onClick={() => setDraft((d) => d && d.filter((_, j) => j !== si))}
                  >
                    <TrashIcon /> Delete section
                  </button>
                </div>
                <div className="mt-4 overflow-x-auto">
                  <table className="w-full min-w-[18rem] text-left text-sm">
                    <caption className="sr-only">Questions of {section.name || `section ${si + 1}`}</caption>
                    <thead className="text-xs uppercase tracking-wide text-slate-600">
                      <tr>
                        <th scope="col" className="py-2 pr-2">Number</th>
                        <th scope="col" className="py-2 pr-2">Type</th>
                        <th scope="col" className="py-2 pr-2">Marks</th>
                        <th scope="col" className="py-2"><span className="sr-only">Actions</span></th>
                      </tr>
                    </thead>
                    <tbody>
                      {section.questions.map((q, qi) => {
                        const qid = `${sid}-q${qi}`;
                        const setQ = (change: Partial<StructureQuestion>) =>
                          updateSection(si, (s) => ({ ...s, questions: s.questions.map((x, k) => (k === qi ? { ...x, ...change } : x)) }));
                        return (
                          <tr key={qi} className="border-t border-slate-100">
                            <td className="py-1 pr-2">
                              <label htmlFor={`${qid}-id`} className="sr-only">Number of question {qi + 1}</label>
                              <input id={`${qid}-id`} value={q.id} maxLength={20} className={`${inputClass().replace("w-full", "")} mt-0 w-16 px-2 sm:w-24`} onChange={(e) => setQ({ id: e.target.value })} />
                            </td>
                            <td className="py-1 pr-2">
                              <label htmlFor={`${qid}-type`} className="sr-only">Type of question {qi + 1}</label>
                              <select id={`${qid}-type`} value={q.type} className={`${inputClass()} mt-0 px-2`} onChange={(e) => setQ({ type: e.target.value as StructureQuestion["type"] })}>
                                {EDITOR_TYPES.map((t) => <option key={t}>{t}</option>)}
                              </select>
                            </td>
                            <td className="py-1 pr-2">
                              <label htmlFor={`${qid}-marks`} className="sr-only">Marks of question {qi + 1}</label>
                              <select
                                id={`${qid}-marks`}
                                value={q.marks === null ? "" : String(q.marks)}
                                className={`${inputClass()} mt-0 px-2`}
                                onChange={(e) => setQ({ marks: e.target.value === "" ? null : (Number(e.target.value) as StructureQuestion["marks"]) })}
                              >
                                <option value="">Allocate later</option>
                                {MARK_OPTIONS.map((m) => <option key={m} value={m}>{m}</option>)}
                              </select>
                            </td>
                            <td className="py-1 text-right">
                              <button
                                type="button"
                                className="btn-ghost px-2"
                                disabled={section.questions.length === 1}
                                aria-label={`Delete question ${q.id || qi + 1}`}
                                onClick={() => updateSection(si, (s) => ({ ...s, questions: s.questions.filter((_, k) => k !== qi) }))}
                              >
                                <TrashIcon />
                              </button>
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
                <button
                  type="button"
                  className="btn-outline mt-3"
                  onClick={() => updateSection(si, (s) => ({ ...s, questions: [...s.questions, newQuestion(s, s.questions.length + 1)] }))}
                >
                  <PlusIcon /> Add Question
                </button>
              </fieldset>
            );
          })}
          <div className="flex flex-wrap justify-between gap-2">
            <button type="button" className="btn-outline" onClick={() => setDraft((d) => d && [...d, defaultSection(d.length)])}>
              <PlusIcon /> Add Section
            </button>
            <div className="flex flex-wrap gap-2">
              {analyzeButton}
              <button type="button" className="btn-outline" disabled={saving} onClick={() => setDraft(null)}>Cancel</button>
              <button type="button" className="btn-primary" disabled={saving} onClick={save}>{saving ? "Saving…" : "Save Structure"}</button>
            </div>
          </div>
        </div>
      )}
      <AnalyzeStructureDialog paper={paper} open={analyzing} onClose={() => setAnalyzing(false)} onProposed={proposed} />
    </section>
  );
}
