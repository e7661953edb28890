import { useCallback, useEffect, useState } from "react";
import { TOPIC_BALANCED, type ViewerPaper, type ViewerQuestion } from "../../shared/generation.ts";
import { readError } from "../lib/api.ts";
import { Spinner } from "../components/ui/Spinner.tsx";
import { ApiHtml } from "../components/ui/ApiHtml.tsx";
import { SitPaperDialog } from "../components/ui/SitPaperDialog.tsx";

type State =
  | { kind: "loading" }
  | { kind: "error"; detail?: string }
  | { kind: "empty"; paper: ViewerPaper | null }
  | { kind: "paper"; paper: ViewerPaper };

interface ThemeGroup {
  theme: string;
  questions: ViewerQuestion[];
}
interface SectionGroup {
  name: string;
  themes: ThemeGroup[];
}

const DEFAULT_THEME = "Unknown Theme";
const NO_MODEL_ANSWER = "No model answer provided.";
const NO_QUESTIONS = "No questions found in the response.";
const marksText = (marks: number) => `${marks} ${marks === 1 ? "mark" : "marks"}`;
const mainNumber = (q: ViewerQuestion) => q.questionNumber.split(".")[0];

/** Questions grouped by section, then by theme, keeping the paper's order. */
export function groupQuestions(questions: readonly ViewerQuestion[]): SectionGroup[] {
  const sections: SectionGroup[] = [];
  for (const q of questions) {
    const sectionName = q.sectionName?.trim() || "";
    const theme = q.theme?.trim() || DEFAULT_THEME;
    let section = sections.at(-1);
    if (!section || section.name !== sectionName) sections.push(section = { name: sectionName, themes: [] });
    let group = section.themes.at(-1);
    if (!group || group.theme !== theme) section.themes.push(group = { theme, questions: [] });
    group.questions.push(q);
  }
  return sections;
}

function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} hour${h === 1 ? "" : "s"}${m ? ` ${m} minutes` : ""}` : `${m} minutes`;
}

/** The generated paper viewer (§2): loading, error, empty, or the paper with answers and its mark scheme. */
export default function PaperViewer({ paperId }: { paperId: string }) {
  const [state, setState] = useState<State>({ kind: "loading" });
  const [showAnswers, setShowAnswers] = useState(false);
  const [sitOpen, setSitOpen] = useState(false);

  const load = useCallback(async () => {
    setState({ kind: "loading" });
    if (!/^\d+$/.test(paperId)) return setState({ kind: "error", detail: "Paper not found" });
    try {
      const res = await fetch(`/api/generated-papers/${paperId}`, { credentials: "include" });
      if (!res.ok) {
        const { message } = await readError(res);
        // The API answers a paper saved without questions with the viewer's own empty message.
        if (res.status === 404 && message === NO_QUESTIONS) return setState({ kind: "empty", paper: null });
        return setState({ kind: "error", detail: message });
      }
      const paper = (await res.json()) as ViewerPaper;
      if (!Array.isArray(paper.questions) || paper.questions.length === 0) return setState({ kind: "empty", paper });
      setState({ kind: "paper", paper });
    } catch {
      setState({ kind: "error" });
    }
  }, [paperId]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (state.kind === "paper") document.title = `${state.paper.paperName} · ExamPrep`;
  }, [state]);

  if (state.kind === "loading") {
    return (
      <div className="card flex flex-col items-center gap-3 px-6 py-16 text-slate-700" data-testid="viewer-loading">
        <Spinner className="h-6 w-6 text-brand-700" />
        <h1 className="text-lg font-semibold">Loading paper...</h1>
      </div>
    );
  }

  if (state.kind === "error" || state.kind === "empty") {
    const error = state.kind === "error";
    return (
      <div className="card mx-auto max-w-xl px-6 py-12 text-center" role={error ? "alert" : undefined} data-testid={error ? "viewer-error" : "viewer-empty"}>
        <h1 className="text-xl font-bold">{error ? "Could not open this paper" : "No Questions Found"}</h1>
        <p className="mt-2 text-slate-700">{error ? "Failed to load the paper. Please try again." : NO_QUESTIONS}</p>
        {error && state.detail && <p className="mt-1 text-sm text-slate-600">{state.detail}</p>}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {error && <button type="button" className="btn-outline" onClick={() => void load()}>Try again</button>}
          <a href="/history" className="btn-primary">Back to Dashboard</a>
        </div>
      </div>
    );
  }

  const { paper } = state;
  const sections = groupQuestions(paper.questions);
  const facts = [
    paper.examBoard,
    paper.tier ? `${paper.tier} tier` : null,
    paper.isPredicted ? (paper.evidence?.recorded === 0 ? TOPIC_BALANCED.label : "Predicted paper") : "Past paper",
    `${paper.totalMarks} marks`,
    formatMinutes(paper.timeMinutes),
  ].filter(Boolean);

  return (
    <article className="paper-viewer" aria-labelledby="paper-title" data-testid="paper-viewer" data-answers={showAnswers ? "shown" : "hidden"}>
      <div className="no-print mb-4 flex flex-wrap items-center gap-2">
        <a href="/history" className="btn-ghost px-3">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M19 12H5M12 19l-7-7 7-7" />
          </svg>
          Back
        </a>
        <div className="ml-auto flex flex-wrap gap-2">
          <button type="button" className="btn-outline" onClick={() => setSitOpen(true)} aria-haspopup="dialog">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="13" r="8" />
              <path d="M12 9v4l2 2M10 2h4" />
            </svg>
            Sit this paper
          </button>
          <button type="button" className="btn-outline" onClick={() => window.print()}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 9V2h12v7M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2M6 14h12v8H6z" />
            </svg>
            Print
          </button>
          <button type="button" className="btn-primary" onClick={() => setShowAnswers((s) => !s)} aria-controls="paper-questions">
            {showAnswers ? "Hide Answers" : "Show Answers"}
          </button>
        </div>
      </div>

      <SitPaperDialog
        target={sitOpen ? { generatedPaperId: Number(paperId), paperName: paper.paperName, timeMinutes: paper.timeMinutes } : null}
        onClose={() => setSitOpen(false)}
      />

      <header className="card p-5 sm:p-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700" data-testid="paper-subject">
          {paper.level} {paper.subject}
        </p>
        <h1 id="paper-title" className="mt-1 text-2xl font-bold sm:text-3xl">{paper.paperName}</h1>
        <p className="mt-2 text-sm text-slate-700" data-testid="paper-facts">{facts.join(" · ")}</p>
      </header>

      <div id="paper-questions" className="mt-6 space-y-6">
        {sections.map((section, si) => (
          <section key={si} className="card p-5 sm:p-6" aria-labelledby={section.name ? `section-${si}` : undefined}>
            {section.name && <h2 id={`section-${si}`} className="mb-4 text-xl font-bold">{section.name}</h2>}
            {section.themes.map((group, ti) => (
              <div key={ti} className="mt-6 first-of-type:mt-0">
                <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{group.theme}</h3>
                <ol className="mt-3 space-y-5">
                  {group.questions.map((q, qi) => {
                    const next = group.questions[qi + 1];
                    const lastOfQuestion = !next || mainNumber(next) !== mainNumber(q) || next.attribution !== q.attribution;
                    return (
                      <li key={q.questionNumber} className="paper-question" data-testid="paper-question">
                        <div className="flex items-start gap-3">
                          <span className="mt-0.5 shrink-0 rounded border border-slate-400 px-1.5 py-0.5 font-mono text-sm font-semibold tabular-nums">
                            {q.questionNumber}
                          </span>
                          <div className="min-w-0 flex-1">
                            <ApiHtml html={q.content} />
                            <p className="mt-1 text-right text-sm font-semibold text-slate-700">[{marksText(q.marks)}]</p>
                            {showAnswers && (
                              <div className="mt-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3" data-testid="model-answer">
                                <p className="text-xs font-semibold uppercase tracking-wide text-green-900">Model answer</p>
                                {q.modelAnswer ? <ApiHtml html={q.modelAnswer} className="mt-1 text-green-950" /> : <p className="mt-1">{NO_MODEL_ANSWER}</p>}
                              </div>
                            )}
                            {lastOfQuestion && q.attribution && <p className="mt-2 text-xs italic text-slate-600" data-testid="attribution">{q.attribution}</p>}
                          </div>
                        </div>
                      </li>
                    );
                  })}
                </ol>
              </div>
            ))}
          </section>
        ))}
      </div>

      {paper.evidence && (
        <section className="card mt-8 p-5 sm:p-6" aria-labelledby="evidence-title" data-testid="evidence">
          <h2 id="evidence-title" className="text-xl font-bold">Why these topics</h2>
          <p className="mt-2 text-slate-700">{paper.evidence.summary}</p>
          <ul className="mt-4 divide-y divide-slate-200">
            {paper.evidence.topics.map((t) => (
              <li key={t.topic} className="py-3">
                <p className="font-semibold">
                  {t.name} <span className="text-sm font-normal text-slate-600">· {t.marksOnPaper} mark{t.marksOnPaper === 1 ? "" : "s"} on this paper{paper.evidence!.recorded ? ` · weight ${t.score}/100` : ""}</span>
                </p>
                <p className="mt-1 text-sm text-slate-700">{paper.evidence!.recorded ? t.reason : t.covers}</p>
                {t.examined.length > 0 && <p className="mt-1 text-xs text-slate-600">Examined: {t.examined.join(", ")}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="mark-scheme card mt-8 p-5 sm:p-6" aria-labelledby="mark-scheme-title" data-testid="mark-scheme">
        <h2 id="mark-scheme-title" className="text-xl font-bold">Mark Scheme</h2>
        <ol className="mt-4 divide-y divide-slate-200">
          {paper.questions.map((q) => (
            <li key={q.questionNumber} className="paper-question py-4 first:pt-0">
              <p className="font-semibold">
                <span className="font-mono">{q.questionNumber}</span> <span className="text-sm font-normal text-slate-600">[{marksText(q.marks)}]</span>
              </p>
              <p className="mt-2 text-xs font-semibold uppercase tracking-wide text-slate-600">Model answer</p>
              {q.modelAnswer ? <ApiHtml html={q.modelAnswer} className="mt-1" /> : <p className="mt-1 text-slate-700">{NO_MODEL_ANSWER}</p>}
              {q.markScheme && (
                <>
                  <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-slate-600">Marking guidance</p>
                  <ApiHtml html={q.markScheme} className="mt-1" />
                </>
              )}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
