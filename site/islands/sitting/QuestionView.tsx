// One question of the paper on the exam page: its stems, figures and parts as the viewer shows them,
// each part with its answer field and a flag to come back to it.
import { forwardRef } from "react";
import type { DocFigure } from "../../../shared/generation.ts";
import type { AnswerValue, SittingPart, SittingQuestion } from "../../../shared/sittings.ts";
import { figureScene } from "../../../shared/figures/index.ts";
import { figureHtml } from "../../../shared/figures/svg.ts";
import { ApiHtml } from "../../components/ui/ApiHtml.tsx";
import { AnswerField } from "./AnswerField.tsx";

const marksText = (marks: number) => `${marks} ${marks === 1 ? "mark" : "marks"}`;

/**
 * A figure drawn as the viewer draws it (shared/figures/svg.ts): "Figure N" over the drawing. A wide
 * one scrolls sideways on a phone, so it takes the focus for a keyboard to scroll it.
 */
function Figure({ placed }: { placed: DocFigure }) {
  const html = figureHtml(placed.number, figureScene(placed.figure)).replace('<figure class="paper-figure paper-figure-wide"', '$& tabindex="0"');
  return <ApiHtml html={html} />;
}

interface QuestionViewProps {
  question: SittingQuestion;
  sectionName: string;
  instructions?: string;
  answers: Record<string, AnswerValue>;
  flags: string[];
  onAnswer: (part: string, value: AnswerValue) => void;
  onFlag: (part: string, flagged: boolean) => void;
  /** The part the student is working on (focus moved into it): its time is counted. */
  onActivePart: (part: string) => void;
}

export const QuestionView = forwardRef<HTMLHeadingElement, QuestionViewProps>(function QuestionView(
  { question, sectionName, instructions, answers, flags, onAnswer, onFlag, onActivePart },
  headingRef,
) {
  return (
    <article aria-labelledby={`question-${question.number}-title`} data-testid="sitting-question" data-question={question.number}>
      {sectionName && <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{sectionName}</p>}
      {instructions && <ApiHtml html={instructions} className="mt-1 text-sm text-slate-700" />}
      <h2 ref={headingRef} tabIndex={-1} id={`question-${question.number}-title`} className="mt-1 text-xl font-bold outline-none">
        Question {question.number} <span className="text-base font-normal text-slate-600">({marksText(question.marks)})</span>
      </h2>
      {question.items.map((item, ii) => (
        <div key={ii} className="mt-4 space-y-5">
          {item.stem && <ApiHtml html={item.stem} />}
          {item.stemFigure && <Figure placed={item.stemFigure} />}
          {item.parts.map((part) => {
            const flagged = flags.includes(part.number);
            const fieldId = `answer-${part.number.replace(/[^0-9A-Za-z]/g, "-")}`;
            const labelId = `${fieldId}-label`;
            const field = (p: SittingPart) => <AnswerField part={p} value={answers[p.number]} onChange={(v) => onAnswer(p.number, v)} id={fieldId} labelledBy={labelId} />;
            return (
              <section
                key={part.number}
                aria-labelledby={labelId}
                className={`rounded-xl border p-4 sm:p-5 ${flagged ? "border-amber-400 bg-amber-50/40" : "border-slate-200 bg-white"}`}
                onFocusCapture={() => onActivePart(part.number)}
                data-testid="sitting-part"
                data-part={part.number}
                data-kind={part.kind}
              >
                <div className="flex items-start justify-between gap-3">
                  <h3 id={labelId} className="font-mono text-sm font-semibold">
                    <span className="rounded border border-slate-400 px-1.5 py-0.5">{part.number}</span>
                    <span className="sr-only"> ({marksText(part.marks)})</span>
                  </h3>
                  <button
                    type="button"
                    aria-pressed={flagged}
                    onClick={() => onFlag(part.number, !flagged)}
                    className={`btn px-2.5 py-1 text-xs ${flagged ? "bg-amber-400 text-slate-900 hover:bg-amber-300" : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-100"}`}
                  >
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3.5 w-3.5" fill={flagged ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2">
                      <path d="M5 21V4h11l-1.5 4L16 12H7v9z" />
                    </svg>
                    Flag<span className="sr-only"> {part.number} to come back to</span>
                  </button>
                </div>
                {/* A table to fill in is the question itself: its blank cells are the answer. */}
                {part.kind === "table" ? <div className="mt-2">{field(part)}</div> : <ApiHtml html={part.content} className="mt-2" />}
                {part.figure && <Figure placed={part.figure} />}
                <p className="mt-1 text-right text-sm font-semibold text-slate-700" aria-hidden="true">
                  [{marksText(part.marks)}]{part.spagMarks ? ` + ${part.spagMarks} SPaG` : ""}
                </p>
                {part.kind !== "table" && field(part)}
              </section>
            );
          })}
        </div>
      ))}
    </article>
  );
});
