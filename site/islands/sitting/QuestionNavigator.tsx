// The exam page's list of questions: one button a question, showing whether it is answered, partly
// answered or not yet, and flagged; the current one marked for sight and for screen readers.
import { type AnswerValue, isAnswered, type SittingQuestion } from "../../../shared/sittings.ts";

export const partsOf = (q: SittingQuestion) => q.items.flatMap((item) => item.parts);


export type QuestionState = "answered" | "partly" | "unanswered";

export function questionState(q: SittingQuestion, answers: Record<string, AnswerValue>): QuestionState {
  const parts = partsOf(q);
  const answered = parts.filter((p) => isAnswered(answers[p.number])).length;
  return answered === 0 ? "unanswered" : answered === parts.length ? "answered" : "partly";
}

const STATE_TEXT: Record<QuestionState, string> = { answered: "answered", partly: "partly answered", unanswered: "not answered" };
const STATE_CLASS: Record<QuestionState, string> = {
  answered: "border-brand-600 bg-brand-600 text-white",
  partly: "border-brand-600 bg-brand-50 text-brand-800",
  unanswered: "border-slate-300 bg-white text-slate-800",
};

interface NavigatorProps {
  questions: SittingQuestion[];
  current: number;
  answers: Record<string, AnswerValue>;
  flags: string[];
  onGo: (index: number) => void;
}

export function QuestionNavigator({ questions, current, answers, flags, onGo }: NavigatorProps) {
  const parts = questions.flatMap(partsOf);
  const answered = parts.filter((p) => isAnswered(answers[p.number])).length;
  return (
    <nav aria-labelledby="navigator-title" data-testid="question-navigator">
      <h2 id="navigator-title" className="text-sm font-semibold text-slate-800">Questions</h2>
      <p className="mt-0.5 text-xs text-slate-600" data-testid="parts-answered">{answered} of {parts.length} parts answered</p>
      <ol className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-2">
        {questions.map((q, i) => {
          const state = questionState(q, answers);
          const flagged = partsOf(q).some((p) => flags.includes(p.number));
          return (
            <li key={q.number}>
              <button
                type="button"
                onClick={() => onGo(i)}
                aria-current={i === current ? "step" : undefined}
                aria-label={`Question ${q.number}: ${STATE_TEXT[state]}${flagged ? ", flagged" : ""}`}
                data-state={state}
                data-flagged={flagged || undefined}
                className={`relative flex h-11 w-full items-center justify-center rounded-lg border text-sm font-semibold tabular-nums ${STATE_CLASS[state]} ${
                  i === current ? "ring-2 ring-slate-900 ring-offset-2" : ""
                }`}
              >
                {q.number}
                {flagged && (
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="absolute -right-1 -top-1 h-4 w-4 rounded-full bg-amber-400 p-0.5 text-slate-900" fill="currentColor">
                    <path d="M5 21V4h11l-1.5 4L16 12H7v9z" />
                  </svg>
                )}
              </button>
            </li>
          );
        })}
      </ol>
      <ul className="mt-3 space-y-1 text-xs text-slate-600" aria-label="Key">
        <li className="flex items-center gap-2"><span aria-hidden="true" className="h-3 w-3 rounded-sm bg-brand-600" /> Answered</li>
        <li className="flex items-center gap-2"><span aria-hidden="true" className="h-3 w-3 rounded-sm border border-brand-600 bg-brand-50" /> Partly answered</li>
        <li className="flex items-center gap-2"><span aria-hidden="true" className="h-3 w-3 rounded-sm border border-slate-300" /> Not answered</li>
        <li className="flex items-center gap-2"><span aria-hidden="true" className="h-3 w-3 rounded-full bg-amber-400" /> Flagged</li>
      </ul>
    </nav>
  );
}
