import { useStore } from "@nanostores/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { DIFFICULTY_LEVELS, OPERATION_COSTS, PREDICTION_CONFIDENCE } from "../../shared/constants.ts";
import { DEFAULT_GENERATION_OPTIONS, type GenerationOptions, type GenerationRequest, generationRequestSchema, modelShareSentence, TOPIC_BALANCED } from "../../shared/generation.ts";
import type { PublicUser } from "../../shared/schemas.ts";
import { fieldErrors } from "../components/ui/Field.tsx";
import { type GenerationRun, GenerationProgress } from "../components/ui/GenerationProgress.tsx";
import { GeneratedPapersList } from "../components/ui/GeneratedPapersList.tsx";
import { Spinner } from "../components/ui/Spinner.tsx";
import { SitPaperDialog, type SitTarget } from "../components/ui/SitPaperDialog.tsx";
import { GenerationError, streamGeneration } from "../lib/api.ts";
import { type GeneratorCatalogue, loadCatalogue } from "../stores/catalogue.ts";
import { $credits, refreshCredits, seedCredits } from "../stores/credits.ts";
import { invalidateGeneratedPapers } from "../stores/generated-papers.ts";
import { stepIndex } from "../stores/generation-progress.ts";
import { toast } from "../stores/toasts.ts";
import { capital, Check, RadioGroup } from "./generator/fields.tsx";
import { EMPTY_SELECTION, PaperChoice, type Selection, settle } from "./generator/PaperChoice.tsx";
import { GeneratorAside } from "./generator/GeneratorAside.tsx";
import { $user, seedUser } from "../stores/user.ts";

type Mode = "past" | "predicted";

interface Props {
  initialUser: PublicUser;
  initialCredits: number;
  /** Read by the page on the server; null when that failed (the browser then reads the API). */
  catalogue: GeneratorCatalogue | null;
  initialMode: Mode;
  /** What the form opens on when the catalogue offers it: an admin's default settings (admin-tools.md §3). */
  preferred?: Partial<Selection>;
  /** Whether a model is configured (papers held back only by the question bank can then be generated). */
  hasModel?: boolean;
}


const CONFIDENCE_TEXT: Record<(typeof PREDICTION_CONFIDENCE)[number], string> = {
  conservative: "Topics examined most often and most recently: the safest bets.",
  balanced: "A mix of reliable topics and ones that are due again.",
  speculative: "Leans towards topics that have not come up for a while.",
};
const DIFFICULTY_TEXT: Record<(typeof DIFFICULTY_LEVELS)[number], string> = {
  easy: "More recall and short-answer questions.",
  medium: "A spread like the real paper.",
  hard: "More extended and higher-tier questions.",
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


/** The Enhanced Exam Generator (§2): the form, the progress card, the student's papers and the side cards. */
export default function ExamGenerator({ initialUser, initialCredits, catalogue: initialCatalogue, initialMode, preferred = {}, hasModel = false }: Props) {
  const isServer = typeof window === "undefined";
  if (!isServer) {
    seedUser(initialUser);
    seedCredits(initialCredits);
  }
  const storedCredits = useStore($credits);
  const storedUser = useStore($user);
  const credits = isServer ? initialCredits : storedCredits ?? initialCredits;
  const user = isServer ? initialUser : storedUser ?? initialUser;

  const [catalogue, setCatalogue] = useState(initialCatalogue);
  const [catalogueFailed, setCatalogueFailed] = useState(false);
  const [selection, setSelection] = useState<Selection>(() =>
    initialCatalogue ? settle(initialCatalogue, preferred) : EMPTY_SELECTION
  );
  const [mode, setMode] = useState<Mode>(initialMode);
  const [options, setOptions] = useState<GenerationOptions>(DEFAULT_GENERATION_OPTIONS);
  const [years, setYears] = useState<{ key: string; list: number[] } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [generating, setGenerating] = useState(false);
  const [run, setRun] = useState<GenerationRun | null>(null);
  const [sitTarget, setSitTarget] = useState<SitTarget | null>(null);
  const progressRef = useRef<HTMLElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (catalogue) return;
    loadCatalogue(hasModel).then((c) => {
      setCatalogue(c);
      setSelection(settle(c, preferred));
    }, () => setCatalogueFailed(true));
  }, [catalogue, hasModel]);

  const paper = catalogue?.papers.find((p) =>
    p.subject === selection.subject && p.examBoard === selection.examBoard && p.name === selection.paperName &&
    (p.level === selection.level || p.level === "")
  );
  const yearsKey = paper ? `${selection.subject}|${selection.examBoard}|${selection.paperName}|${selection.level}` : "";

  // Past-paper years: only the years the bank really holds for this paper.
  useEffect(() => {
    if (!yearsKey) return;
    let live = true;
    setOptions((o) => ({ ...o, selectedYears: [] }));
    const [subject, examBoard, paperName, level] = yearsKey.split("|");
    const query = new URLSearchParams({ subject, examBoard, paperName, level });
    fetch(`/api/papers/available-years?${query}`, { credentials: "include" })
      .then((res) => (res.ok ? res.json() : { availableYears: [] }))
      .then((body: { availableYears: number[] }) => live && setYears({ key: yearsKey, list: body.availableYears ?? [] }))
      .catch(() => live && setYears({ key: yearsKey, list: [] }));
    return () => {
      live = false;
    };
  }, [yearsKey]);

  const canAfford = user.isAdmin || credits >= OPERATION_COSTS.past_questions;
  const paperLabel = paper
    ? `${paper.examBoard} ${paper.level || selection.level} ${paper.subject} ${paper.name}${selection.tier ? ` (${selection.tier})` : ""}, ${mode === "past" ? "past paper" : "predicted paper"}`
    : "";

  function set<K extends keyof GenerationOptions>(key: K, value: GenerationOptions[K]) {
    setOptions((o) => ({ ...o, [key]: value }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!catalogue || !paper || generating || !canAfford) return;
    const options_ = mode === "past"
      ? {
        ...DEFAULT_GENERATION_OPTIONS,
        selectedYears: options.selectedYears,
        includeMarkScheme: options.includeMarkScheme,
        includeTimeAllocation: options.includeTimeAllocation,
        useLargeTextFormat: options.useLargeTextFormat,
      }
      : { ...options, selectedYears: [] };
    const input: GenerationRequest = {
      subject: selection.subject,
      examBoard: selection.examBoard,
      paperName: selection.paperName,
      level: selection.level,
      isPredicted: mode === "predicted",
      ...(paper.tiers.length && selection.tier ? { tier: selection.tier as GenerationRequest["tier"] } : {}),
      options: options_,
    };
    const parsed = generationRequestSchema.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    const timeMinutes = paper.timeMinutes;
    setGenerating(true);
    setRun({ startedAt: Date.now(), reached: -1, received: [], done: false });
    requestAnimationFrame(() => progressRef.current?.focus());
    try {
      const result = await streamGeneration(
        parsed.data,
        (step) => setRun((r) => r && { ...r, reached: Math.max(r.reached, stepIndex(step)), received: [...r.received, step] }),
        (model) => setRun((r) => r && { ...r, model }),
      );
      setRun((r) => r && { ...r, done: true });
      await sleep(1000);
      setRun(null);
      setGenerating(false);
      // A browser lets a page open a tab only shortly after a click; after a long generation it may
      // refuse, and the toast then carries the link for the student to open it.
      const tab = window.open(result.pdfUrl, "_blank");
      if (tab) tab.opener = null;
      const sources = result.modelShare ? ` ${modelShareSentence(result.modelShare)}` : "";
      toast({
        title: "Paper Generated",
        description: tab
          ? `"${result.paper.name}" is ready: its PDF has opened in a new tab.${sources}`
          : `"${result.paper.name}" is ready. Your browser did not let us open a new tab for it.${sources}`,
        ...(tab ? {} : { action: { label: "Open the PDF", href: result.pdfUrl } }),
        button: { label: "Sit this paper", onClick: () => setSitTarget({ generatedPaperId: result.id, paperName: result.paper.name, timeMinutes }) },
        variant: "success",
        durationMs: 15_000,
      });
      invalidateGeneratedPapers();
      void refreshCredits();
    } catch (err) {
      setRun(null);
      setGenerating(false);
      const message = err instanceof GenerationError ? err.message : "We could not reach ExamPrep. Please check your connection and try again.";
      toast({ title: "Error Generating Paper", description: message, variant: "destructive" });
      // The credit is given back on failure: show the real balance. A paper may have been saved if the connection dropped.
      void refreshCredits();
      invalidateGeneratedPapers();
    } finally {
      requestAnimationFrame(() => submitRef.current?.focus());
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-6">
        <form className="card p-5 sm:p-6" onSubmit={submit} noValidate aria-labelledby="generator-form-title" data-testid="generator-form">
          <h2 id="generator-form-title" className="text-lg font-bold">Create a paper</h2>
          {!catalogue && !catalogueFailed && <p className="mt-4 flex items-center gap-2 text-sm text-slate-600"><Spinner /> Loading the papers on offer...</p>}
          {catalogueFailed && (
            <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              We could not load the papers on offer. Please reload the page.
            </p>
          )}
          {catalogue && catalogue.papers.length === 0 && (
            <p className="mt-4 text-sm text-slate-700">No paper can be generated yet: papers are being added to the catalogue.</p>
          )}
          {catalogue && catalogue.papers.length > 0 && (
            <fieldset disabled={generating} className="mt-4 min-w-0 space-y-6" aria-busy={generating || undefined}>
              <legend className="sr-only">Paper and options</legend>
              <PaperChoice catalogue={catalogue} selection={selection} setSelection={setSelection} paper={paper} errors={errors} />

              <RadioGroup
                legend="Paper type"
                name="paperType"
                value={mode}
                onChange={(v) => setMode(v as Mode)}
                columns
                choices={[
                  { value: "past", label: "Past paper", text: "The real paper's structure, with recorded past-paper questions first." },
                  { value: "predicted", label: "Predicted paper", text: "Topics most likely to come up, ranked from past exam trends." },
                ]}
              />

              {mode === "past" && (
                <fieldset className="min-w-0">
                  <legend className="text-sm font-semibold text-slate-900">Past-paper years</legend>
                  {!years || years.key !== yearsKey
                    ? <p className="mt-2 flex items-center gap-2 text-sm text-slate-600"><Spinner /> Checking the past papers we hold...</p>
                    : years.list.length === 0
                    ? (
                      <p className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="no-past-years">
                        No past-paper questions are recorded for this paper yet: the paper uses ExamPrep practice questions in the style of the real paper.
                      </p>
                    )
                    : (
                      <>
                        <p className="mt-1 text-xs text-slate-600">Choose none to take past questions from any year.</p>
                        <div className="mt-2 flex flex-wrap gap-2">
                          {years.list.map((y) => (
                            <label key={y} className="flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                              <input
                                type="checkbox"
                                checked={options.selectedYears.includes(y)}
                                onChange={(e) =>
                                  set("selectedYears", e.target.checked ? [...options.selectedYears, y].sort() : options.selectedYears.filter((x) => x !== y))}
                              />
                              {y}
                            </label>
                          ))}
                        </div>
                      </>
                    )}
                </fieldset>
              )}

              {mode === "predicted" && years?.key === yearsKey && years.list.length === 0 && (
                <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="topic-balanced">
                  {TOPIC_BALANCED.why}
                </p>
              )}

              {mode === "predicted" && (
                <div className="grid gap-5 md:grid-cols-2">
                  <RadioGroup
                    legend="Prediction confidence"
                    name="predictionConfidence"
                    value={options.predictionConfidence}
                    onChange={(v) => set("predictionConfidence", v as GenerationOptions["predictionConfidence"])}
                    choices={PREDICTION_CONFIDENCE.map((c) => ({ value: c, label: capital(c), text: CONFIDENCE_TEXT[c] }))}
                  />
                  <RadioGroup
                    legend="Difficulty"
                    name="difficultyLevel"
                    value={options.difficultyLevel}
                    onChange={(v) => set("difficultyLevel", v as GenerationOptions["difficultyLevel"])}
                    choices={DIFFICULTY_LEVELS.map((d) => ({ value: d, label: capital(d), text: DIFFICULTY_TEXT[d] }))}
                  />
                </div>
              )}

              <fieldset className="min-w-0">
                <legend className="text-sm font-semibold text-slate-900">Options</legend>
                <div className="mt-2 grid gap-3 sm:grid-cols-2">
                  <Check label="Include mark scheme" text="Model answers and marking guidance after the questions." checked={options.includeMarkScheme} onChange={(v) => set("includeMarkScheme", v)} />
                  <Check label="Time allocation" text="A suggested time beside each question." checked={options.includeTimeAllocation} onChange={(v) => set("includeTimeAllocation", v)} />
                  <Check label="Large text format" text="Bigger print, for easier reading." checked={options.useLargeTextFormat} onChange={(v) => set("useLargeTextFormat", v)} />
                  {mode === "predicted" && (
                    <>
                      <Check label="Focus on exam trends" text="Weight the questions more strongly towards the predicted topics." checked={options.includeTrendsFocus} onChange={(v) => set("includeTrendsFocus", v)} />
                      <Check label="Topic weighting" text="Give the most expected topics more of the marks, and show each topic's weight with its evidence." checked={options.includeTopicWeighting} onChange={(v) => set("includeTopicWeighting", v)} />
                      <Check label="Novel question types" text="Prefer question styles not yet seen on this topic." checked={options.includeNovelQuestionTypes} onChange={(v) => set("includeNovelQuestionTypes", v)} />
                      <Check label="Contemporary issues" text="Prefer questions set in today's world." checked={options.includeContemporaryIssues} onChange={(v) => set("includeContemporaryIssues", v)} />
                    </>
                  )}
                </div>
              </fieldset>

              <div className="flex flex-col gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center">
                <button ref={submitRef} type="submit" className="btn-primary px-5 py-2.5" disabled={generating || !canAfford || !paper}>
                  {generating ? <><Spinner /> Generating...</> : mode === "past" ? "Generate Past Paper" : "Generate Predicted Paper"}
                </button>
                <p className="text-sm text-slate-600">
                  {user.isAdmin ? "Free for admin accounts." : `Uses ${OPERATION_COSTS.past_questions} credit. You have ${credits} credit${credits === 1 ? "" : "s"}.`}
                </p>
              </div>
              {!canAfford && (
                <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="no-credits">
                  You need 1 credit to generate a paper. <a href="/pricing" className="font-semibold underline">Buy credits</a>
                </p>
              )}
            </fieldset>
          )}
        </form>

        {run && <GenerationProgress ref={progressRef} run={run} paperLabel={paperLabel} />}

        <GeneratedPapersList />
      </div>

      <GeneratorAside credits={credits} isAdmin={user.isAdmin} canAfford={canAfford} />
      <SitPaperDialog target={sitTarget} onClose={() => setSitTarget(null)} />
    </div>
  );
}

/** Papers of the chosen subject an admin has set up that cannot be generated yet, each with its reason. */
