import { type FormEvent, useEffect, useRef, useState } from "react";
import { TabList } from "../components/ui/TabList.tsx";
import { GRADES, RECOMMENDATION_SUBJECTS, STUDY_METHODS, STUDY_TIME } from "../../shared/constants.ts";
import {
  EXAM_LEVELS,
  type ExamLevel,
  formatMinutes,
  PROGRESS_UPDATED,
  type Recommendation,
  recommendationRequestSchema,
  STUDY_ERROR_DEFAULT,
  STUDY_SUCCESS,
  type StudyAnalytics,
  studyErrorText,
  type StudyPlan,
  SUBJECT_REQUIRED,
  totalStudyMinutes,
} from "../../shared/study.ts";
import { fieldErrors } from "../components/ui/Field.tsx";
import { postJson, readError } from "../lib/api.ts";
import { toast } from "../stores/toasts.ts";
import { ProgressTab } from "./study/ProgressTab.tsx";
import { RecommendationsTab } from "./study/RecommendationsTab.tsx";
import { ScheduleTab } from "./study/ScheduleTab.tsx";

type Tab = "recommendations" | "schedule" | "progress";
const TABS: [Tab, string][] = [
  ["recommendations", "Study Recommendations"],
  ["schedule", "Study Schedule"],
  ["progress", "Progress & Analytics"],
];

interface Form {
  hours: string;
  minutes: number;
  methods: string[];
  examLevel: "" | ExamLevel;
  targetGrade: string;
  examDate: string;
}
const DEFAULT_FORM: Form = { hours: String(STUDY_TIME.hoursDefault), minutes: STUDY_TIME.minutesDefault, methods: [], examLevel: "", targetGrade: "", examDate: "" };

const pad = (n: number) => String(n).padStart(2, "0");
const todayLocal = () => {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** Study Recommendations (§2): subject, preferences, and the Recommendations, Schedule and Progress tabs. */
export default function StudyPlanner({ hasModel }: { hasModel: boolean }) {
  const [subject, setSubject] = useState("");
  const [form, setForm] = useState<Form>(DEFAULT_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<Tab>("recommendations");
  const [plan, setPlan] = useState<StudyPlan | null>(null);
  const [analytics, setAnalytics] = useState<StudyAnalytics | null>(null);
  const [loading, setLoading] = useState(false);
  const [analyticsLoading, setAnalyticsLoading] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
  const subjectGroup = useRef<HTMLDivElement>(null);

  const hours = Number(form.hours);
  const hoursValid = form.hours.trim() !== "" && Number.isInteger(hours) && hours >= STUDY_TIME.hoursMin && hours <= STUDY_TIME.hoursMax;
  const total = hoursValid ? totalStudyMinutes(hours, form.minutes) : null;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function loadAnalytics(s: string) {
    setAnalyticsLoading(true);
    try {
      const res = await fetch(`/api/study/analytics?subject=${encodeURIComponent(s)}`, { credentials: "include" });
      if (res.ok) setAnalytics((await res.json()) as StudyAnalytics);
    } catch {
      // the tab says it could not load
    } finally {
      setAnalyticsLoading(false);
    }
  }

  // Choosing a subject loads its latest plan (with the preferences it was made for) and its figures.
  useEffect(() => {
    if (!subject) return;
    let stale = false;
    setLoading(true);
    setPlan(null);
    setAnalytics(null);
    setFailure(null);
    (async () => {
      try {
        const res = await fetch(`/api/study/recommendations?subject=${encodeURIComponent(subject)}`, { credentials: "include" });
        if (!res.ok) throw new Error(String(res.status));
        const found = (await res.json()) as StudyPlan;
        if (stale) return;
        setPlan(found);
        const p = found.preferences;
        if (p) {
          setForm({
            hours: String(Math.floor(p.studyTimePerWeek / 60)),
            minutes: (STUDY_TIME.minuteSteps as readonly number[]).includes(p.studyTimePerWeek % 60) ? p.studyTimePerWeek % 60 : 0,
            methods: p.preferredStudyMethods,
            examLevel: p.examLevel ?? "",
            targetGrade: p.targetGrade ?? "",
            examDate: p.examDate ?? "",
          });
        }
      } catch {
        if (!stale) toast({ title: "Error", description: "Your saved study plan could not be loaded. Please try again.", variant: "destructive" });
      } finally {
        if (!stale) setLoading(false);
      }
    })();
    void loadAnalytics(subject);
    return () => {
      stale = true;
    };
  }, [subject]);

  async function generate(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (generating) return;
    setFailure(null);
    if (!subject) {
      setErrors({ subject: SUBJECT_REQUIRED });
      toast({ title: "Subject required", description: SUBJECT_REQUIRED, variant: "destructive" });
      subjectGroup.current?.querySelector("input")?.focus();
      return;
    }
    if (!hoursValid) {
      setErrors({ hours: `Enter whole hours from ${STUDY_TIME.hoursMin} to ${STUDY_TIME.hoursMax}` });
      document.getElementById("study-hours")?.focus();
      return;
    }
    const body = {
      subject,
      userPreferences: {
        studyTimePerWeek: total,
        preferredStudyMethods: form.methods,
        examLevel: form.examLevel || undefined,
        targetGrade: form.targetGrade || undefined,
        examDate: form.examDate || undefined,
      },
      examData: [],
    };
    const parsed = recommendationRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setGenerating(true);
    try {
      const res = await postJson("/api/study/recommendations", parsed.data);
      if (!res.ok) {
        const err = await readError(res) as { message?: string; errors?: Record<string, string>; code?: string };
        if (res.status === 400 && err.errors) setErrors(err.errors);
        const shown = studyErrorText(err);
        setFailure(shown);
        setTab("recommendations");
        toast({ title: shown.title, description: shown.text, variant: "destructive" });
        return;
      }
      const made = (await res.json()) as StudyPlan;
      setPlan(made);
      setTab("recommendations");
      toast({ title: "Success", description: STUDY_SUCCESS, variant: "success" });
      void loadAnalytics(subject);
    } catch {
      setFailure(STUDY_ERROR_DEFAULT);
      toast({ title: STUDY_ERROR_DEFAULT.title, description: STUDY_ERROR_DEFAULT.text, variant: "destructive" });
    } finally {
      setGenerating(false);
    }
  }

  /** 'Mark Complete': logs the activity (30 minutes unless the student says otherwise). */
  async function markComplete(rec: Recommendation, minutes: number): Promise<boolean> {
    try {
      const res = await postJson("/api/study/progress", { recommendationId: rec.id, activityId: `recommendation-${rec.id}`, status: "completed", timeSpent: minutes });
      if (!res.ok) {
        const err = await readError(res);
        toast({ title: "Error", description: err.message ?? "Your progress could not be saved. Please try again.", variant: "destructive" });
        return false;
      }
      const done = (await res.json()) as { recommendation: Recommendation | null };
      setPlan((p) => p && { ...p, recommendations: p.recommendations.map((r) => (r.id === rec.id && done.recommendation ? done.recommendation : r)) });
      toast({ title: PROGRESS_UPDATED, description: `${formatMinutes(minutes)} logged for "${rec.title}".`, variant: "success" });
      void loadAnalytics(rec.subject);
      return true;
    } catch {
      toast({ title: "Error", description: "Your progress could not be saved. Please try again.", variant: "destructive" });
      return false;
    }
  }

  const grades = form.examLevel ? GRADES[form.examLevel] : [];

  return (
    <div className="space-y-6">
      <form onSubmit={generate} noValidate className="space-y-6" aria-label="Study preferences">
        <section className="card p-5 sm:p-6" aria-labelledby="subject-title">
          <h2 id="subject-title" className="text-lg font-bold">1. Choose a subject</h2>
          <p id="subject-hint" className="mt-1 text-sm text-slate-600">Your plan is built from this subject's exam topics.</p>
          <div
            ref={subjectGroup}
            role="radiogroup"
            aria-labelledby="subject-title"
            aria-describedby={errors.subject ? "subject-error" : "subject-hint"}
            className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4"
          >
            {RECOMMENDATION_SUBJECTS.map((s) => (
              <label
                key={s}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm font-medium text-slate-800 hover:border-brand-600 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
              >
                <input
                  type="radio"
                  name="subject"
                  value={s}
                  checked={subject === s}
                  onChange={() => {
                    setSubject(s);
                    setErrors(({ subject: _, ...rest }) => rest);
                  }}
                  className="h-4 w-4 shrink-0 accent-brand-600"
                />
                <span>{s}</span>
              </label>
            ))}
          </div>
          {errors.subject && <p id="subject-error" role="alert" className="mt-2 text-sm text-red-700">{errors.subject}</p>}
        </section>

        <section className="card p-5 sm:p-6" aria-labelledby="prefs-title">
          <h2 id="prefs-title" className="text-lg font-bold">2. Your study preferences</h2>
          <p className="mt-1 text-sm text-slate-600">
            {hasModel
              ? "An AI model writes your plan from these preferences, your subject's topics and your progress."
              : "ExamPrep's planner builds your plan from these preferences, your subject's topics, the papers you generated and sat, and the study you logged."}
          </p>

          <div className="mt-5 grid gap-5 lg:grid-cols-2">
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Study time per week</legend>
              <div className="mt-1 flex flex-wrap items-end gap-3">
                <div>
                  <label htmlFor="study-hours" className="block text-xs text-slate-600">Hours</label>
                  <input
                    id="study-hours"
                    type="number"
                    inputMode="numeric"
                    min={STUDY_TIME.hoursMin}
                    max={STUDY_TIME.hoursMax}
                    step={1}
                    value={form.hours}
                    onChange={(e) => {
                      set("hours", e.target.value);
                      setErrors(({ hours: _, ...rest }) => rest);
                    }}
                    aria-invalid={errors.hours ? true : undefined}
                    aria-describedby={errors.hours ? "study-hours-error study-total" : "study-total"}
                    className={`mt-1 block w-24 rounded-lg border px-3 py-2 text-sm shadow-sm ${errors.hours ? "border-red-500" : "border-slate-300"}`}
                  />
                </div>
                <div>
                  <label htmlFor="study-minutes" className="block text-xs text-slate-600">Minutes</label>
                  <select
                    id="study-minutes"
                    value={form.minutes}
                    onChange={(e) => set("minutes", Number(e.target.value))}
                    aria-describedby="study-total"
                    className="mt-1 block w-24 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
                  >
                    {STUDY_TIME.minuteSteps.map((m) => <option key={m} value={m}>{m}</option>)}
                  </select>
                </div>
                <p id="study-total" className="pb-2 text-sm text-slate-700" aria-live="polite">
                  {total === null ? "Total: –" : <>Total: <strong>{formatMinutes(total)}</strong> a week ({total} minutes)</>}
                </p>
              </div>
              {errors.hours && <p id="study-hours-error" role="alert" className="mt-1 text-sm text-red-700">{errors.hours}</p>}
              {errors["userPreferences.studyTimePerWeek"] && <p role="alert" className="mt-1 text-sm text-red-700">{errors["userPreferences.studyTimePerWeek"]}</p>}
            </fieldset>

            <div className="grid gap-4 sm:grid-cols-3">
              <div>
                <label htmlFor="exam-level" className="block text-sm font-medium text-slate-800">Exam level</label>
                <select
                  id="exam-level"
                  value={form.examLevel}
                  onChange={(e) => setForm((f) => ({ ...f, examLevel: e.target.value as Form["examLevel"], targetGrade: "" }))}
                  className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
                >
                  <option value="">Choose level</option>
                  {EXAM_LEVELS.map((l) => <option key={l.value} value={l.value}>{l.label}</option>)}
                </select>
              </div>
              <div>
                <label htmlFor="target-grade" className="block text-sm font-medium text-slate-800">Target grade</label>
                <select
                  id="target-grade"
                  value={form.targetGrade}
                  disabled={!form.examLevel}
                  onChange={(e) => set("targetGrade", e.target.value)}
                  aria-describedby={!form.examLevel ? "target-grade-hint" : errors["userPreferences.targetGrade"] ? "target-grade-error" : undefined}
                  className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm disabled:bg-slate-100 disabled:text-slate-600"
                >
                  <option value="">{form.examLevel ? "Choose grade" : "Level first"}</option>
                  {grades.map((g) => <option key={g} value={g}>{g}</option>)}
                </select>
                {!form.examLevel && <p id="target-grade-hint" className="mt-1 text-xs text-slate-600">Choose your exam level first.</p>}
                {errors["userPreferences.targetGrade"] && <p id="target-grade-error" role="alert" className="mt-1 text-sm text-red-700">{errors["userPreferences.targetGrade"]}</p>}
              </div>
              <div>
                <label htmlFor="exam-date" className="block text-sm font-medium text-slate-800">Exam date</label>
                <input
                  id="exam-date"
                  type="date"
                  min={todayLocal()}
                  value={form.examDate}
                  onChange={(e) => set("examDate", e.target.value)}
                  aria-invalid={errors["userPreferences.examDate"] ? true : undefined}
                  aria-describedby={errors["userPreferences.examDate"] ? "exam-date-error" : undefined}
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm"
                />
                {errors["userPreferences.examDate"] && <p id="exam-date-error" role="alert" className="mt-1 text-sm text-red-700">{errors["userPreferences.examDate"]}</p>}
              </div>
            </div>
          </div>

          <fieldset className="mt-5">
            <legend className="text-sm font-medium text-slate-800">Preferred study methods</legend>
            <div className="mt-2 grid grid-cols-2 gap-2 md:grid-cols-4">
              {STUDY_METHODS.map((m) => (
                <label key={m} className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50 has-checked:border-brand-600 has-checked:bg-brand-50">
                  <input
                    type="checkbox"
                    checked={form.methods.includes(m)}
                    onChange={(e) => set("methods", e.target.checked ? [...form.methods, m] : form.methods.filter((x) => x !== m))}
                    className="h-4 w-4 shrink-0 accent-brand-600"
                  />
                  <span className="min-w-0">
                    {m.split("/").map((part, i) => (
                      <span key={part}>
                        {i > 0 && <>/<wbr /></>}
                        {part}
                      </span>
                    ))}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="mt-6 flex flex-wrap items-center gap-3">
            <button type="submit" className="btn-primary" disabled={generating}>
              {generating && <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />}
              {generating ? "Generating..." : "Generate Recommendations"}
            </button>
            {plan?.createdAt && <p className="text-sm text-slate-600">Your plan will replace the one you have for {subject}.</p>}
          </div>
        </section>
      </form>

      <div>
        <TabList label="Study plan" idPrefix="study" tabs={TABS} value={tab} onChange={setTab} className="grid grid-cols-[auto_auto_auto] gap-1 border-b border-slate-200 sm:flex" buttonClassName="px-1 text-[13px]" />
        <div id={`study-panel-${tab}`} role="tabpanel" aria-labelledby={`study-tab-${tab}`} tabIndex={0} className="pt-6 focus-visible:outline-none">
          {tab === "recommendations" && <RecommendationsTab subject={subject} plan={plan} loading={loading} failure={failure} onComplete={markComplete} />}
          {tab === "schedule" && <ScheduleTab subject={subject} plan={plan} loading={loading} />}
          {tab === "progress" && <ProgressTab subject={subject} analytics={analytics} loading={analyticsLoading} />}
        </div>
      </div>
    </div>
  );
}
