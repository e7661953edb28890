// The exam page (issue 15): a generated paper sat on screen, timed. One question at a time with the
// question list beside it, the countdown always in view, answers saved as the student types
// (save-queue.ts) and kept on the device while offline (pending-answers.ts), other tabs of the same
// sitting kept in step (sitting-channel.ts), and the paper handed in when the student submits or
// when time runs out.
import { useCallback, useEffect, useRef, useState } from "react";
import { type AnswerValue, resultsUrlFor, SAVE_GRACE_SECONDS, type SittingView } from "../../../shared/sittings.ts";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { getSitting, SittingApiError, submitSitting } from "../../lib/sittings.ts";
import { Countdown } from "./Countdown.tsx";
import { addTime, clearPending, isEmpty, loadPending, recordAnswer, recordFlags, updatePending } from "./pending-answers.ts";
import { partsOf, QuestionNavigator } from "./QuestionNavigator.tsx";
import { QuestionView } from "./QuestionView.tsx";
import { SaveQueue, type SaveStatus } from "./save-queue.ts";
import { SaveStatusText } from "./SaveStatusText.tsx";
import { SubmitDialog } from "./SubmitDialog.tsx";
import { unansweredParts } from "./unanswered.ts";
import { openSittingChannel, type SittingChannel, type SittingMessage } from "./sitting-channel.ts";

/** sitting: answering; handing-in: submitting; waiting: time is up, offline, the answers wait to be sent. */
type Phase = "sitting" | "handing-in" | "waiting";

interface Clock {
  deadline: number;
  offset: number;
}
const clockFrom = (deadline: string, now: string): Clock => ({ deadline: Date.parse(deadline), offset: Date.parse(now) - Date.now() });

/** How often the seconds counted per part go into the queue, and how often a queue holding only time is sent. */
const STORE_SECONDS_MS = 15_000;
const SEND_TIME_MS = 60_000;
/** An automatic hand-in the server found early (its clock a moment behind the page's) is tried again after this. */
const AUTOMATIC_RETRY_MS = 3_000;

export default function SittingExam({ sittingId }: { sittingId: string }) {
  const id = Number(sittingId);
  const [view, setView] = useState<SittingView | null>(null);
  const [loadError, setLoadError] = useState("");
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({});
  const [flags, setFlags] = useState<string[]>([]);
  const [current, setCurrent] = useState(0);
  const [clock, setClock] = useState<Clock | null>(null);
  const [save, setSave] = useState<{ status: SaveStatus; message?: string }>({ status: "saved" });
  const [phase, setPhase] = useState<Phase>("sitting");
  const [confirming, setConfirming] = useState(false);
  const [submitError, setSubmitError] = useState("");

  const changedAt = useRef<Record<string, number>>({});
  const flagsAt = useRef(0);
  const queue = useRef<SaveQueue | null>(null);
  const channel = useRef<SittingChannel | null>(null);
  const activePart = useRef<string | null>(null);
  const seconds = useRef<Record<string, number>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigated = useRef(false);

  const questions = view?.sections.flatMap((s) => s.questions.map((q) => ({ question: q, section: s }))) ?? [];
  const parts = questions.flatMap(({ question }) => partsOf(question));

  /** The seconds counted per part since they were last queued go into the queue. */
  const storeSeconds = useCallback(() => {
    const counted = seconds.current;
    seconds.current = {};
    if (Object.keys(counted).length) updatePending(id, (p) => Object.entries(counted).reduce((q, [part, s]) => addTime(q, part, s), p));
  }, [id]);

  const goToResults = useCallback(() => {
    clearPending(id);
    location.assign(resultsUrlFor(id));
  }, [id]);

  const onMessage = useCallback((message: SittingMessage) => {
    if (message.type === "answer" && message.at > (changedAt.current[message.part] ?? 0)) {
      changedAt.current[message.part] = message.at;
      setAnswers((a) => ({ ...a, [message.part]: message.value }));
    } else if (message.type === "flags" && message.at > flagsAt.current) {
      flagsAt.current = message.at;
      setFlags(message.list);
    } else if (message.type === "saved" && isEmpty(loadPending(id))) {
      setSave({ status: "saved" });
    } else if (message.type === "submitted") {
      goToResults();
    }
  }, [id, goToResults]);

  // Load: the server's answers and clock, then this device's unsent changes on top (they are newer).
  useEffect(() => {
    if (!Number.isSafeInteger(id) || id < 1) return setLoadError("Sitting not found");
    let live = true;
    getSitting(id).then((sitting) => {
      if (!live) return;
      if (sitting.status === "submitted") return goToResults();
      const pending = loadPending(id);
      const restored = { ...sitting.answers };
      for (const [part, { value, at }] of Object.entries(pending.answers)) {
        restored[part] = value;
        changedAt.current[part] = at;
      }
      flagsAt.current = pending.flags?.at ?? 0;
      setView(sitting);
      setAnswers(restored);
      setFlags(pending.flags?.list ?? sitting.flags);
      setClock(clockFrom(sitting.deadline, sitting.now));
      activePart.current = sitting.sections[0]?.questions[0]?.items[0]?.parts[0]?.number ?? null;
      channel.current = openSittingChannel(id, onMessage);
      queue.current = new SaveQueue({
        sittingId: id,
        onStatus: (status, message) => {
          setSave({ status, message });
          if (status === "saved") channel.current?.post({ type: "saved" });
          // Refused because the paper was handed in (on another device, or by the server's clock): show the results.
          if (status === "closed") void getSitting(id).then((s) => s.status === "submitted" && goToResults(), () => {});
        },
        onServerClock: (deadline, now) =>
          setClock((old) => {
            const next = clockFrom(deadline, now);
            // Keep the countdown steady: a new reading only when it differs by more than network noise.
            return old && old.deadline === next.deadline && Math.abs(old.offset - next.offset) < 1000 ? old : next;
          }),
      });
      if (!isEmpty(pending)) void queue.current.flush();
    }, (err) => live && setLoadError(err instanceof SittingApiError ? err.message : "The paper could not be loaded."));
    return () => {
      live = false;
      queue.current?.dispose();
      channel.current?.close();
    };
  }, [id, onMessage, goToResults]);

  // Time spent: a second a tick to the part being worked on, while the page is in view.
  useEffect(() => {
    if (!view || phase !== "sitting") return;
    const tick = setInterval(() => {
      const part = activePart.current;
      if (part && document.visibilityState === "visible") seconds.current[part] = (seconds.current[part] ?? 0) + 1;
    }, 1000);
    const store = setInterval(storeSeconds, STORE_SECONDS_MS);
    const send = setInterval(() => {
      storeSeconds();
      if (!isEmpty(loadPending(id))) void queue.current?.flush();
    }, SEND_TIME_MS);
    // Leaving the page (a reload, a closed tab, another app in front): the seconds counted so far go into the queue.
    const keep = () => document.visibilityState === "hidden" && storeSeconds();
    addEventListener("pagehide", storeSeconds);
    document.addEventListener("visibilitychange", keep);
    return () => {
      [tick, store, send].forEach(clearInterval);
      removeEventListener("pagehide", storeSeconds);
      document.removeEventListener("visibilitychange", keep);
    };
  }, [view, phase, id, storeSeconds]);

  useEffect(() => {
    if (view) document.title = `${view.paperName} (exam) · ExamPrep`;
  }, [view]);

  // After Previous, Next or the question list, the new question's heading takes the focus.
  useEffect(() => {
    if (navigated.current) headingRef.current?.focus();
  }, [current]);

  function go(index: number) {
    navigated.current = true;
    setCurrent(index);
    activePart.current = partsOf(questions[index].question)[0]?.number ?? null;
  }

  function answer(part: string, value: AnswerValue) {
    const at = Math.max(Date.now(), (changedAt.current[part] ?? 0) + 1);
    changedAt.current[part] = at;
    activePart.current = part;
    setAnswers((a) => ({ ...a, [part]: value }));
    storeSeconds();
    updatePending(id, (p) => recordAnswer(p, part, value, at));
    channel.current?.post({ type: "answer", part, value, at });
    queue.current?.schedule();
  }

  function flag(part: string, on: boolean) {
    const list = on ? [...flags.filter((f) => f !== part), part] : flags.filter((f) => f !== part);
    const at = Math.max(Date.now(), flagsAt.current + 1);
    flagsAt.current = at;
    setFlags(list);
    updatePending(id, (p) => recordFlags(p, list, at));
    channel.current?.post({ type: "flags", list, at });
    queue.current?.schedule();
  }

  /** Sends what is queued, then hands the paper in; `automatic` when the clock ran out. */
  const handIn = useCallback(async (automatic: boolean) => {
    if (!queue.current) return;
    setPhase("handing-in");
    setSubmitError("");
    storeSeconds();
    let sent = await queue.current.flush();
    for (let tries = 0; sent === "saving" && tries < 5; tries++) sent = await queue.current.flush();
    if (sent === "offline" || (sent !== "saved" && !automatic)) {
      if (automatic) return setPhase("waiting");
      setPhase("sitting");
      return setSubmitError(
        sent === "offline"
          ? "You are offline. Your answers are kept on this device; hand the paper in when you are back online."
          : "Your latest answers could not be saved, so the paper was not handed in. Please try again.",
      );
    }
    try {
      await submitSitting(id, automatic);
    } catch (err) {
      if (err instanceof SittingApiError && err.offline) {
        if (automatic) return setPhase("waiting");
        setPhase("sitting");
        return setSubmitError("You are offline. Your answers are kept on this device; hand the paper in when you are back online.");
      }
      // Handed in already (from another tab, or by the server when time ran out): the results are ready.
      const already = await getSitting(id).then((s) => s.status === "submitted", () => false);
      if (!already && automatic) {
        // The server's clock has not quite reached the deadline (the answer took a moment to arrive): again shortly.
        setTimeout(() => void handIn(true), AUTOMATIC_RETRY_MS);
        return;
      }
      if (!already) {
        setPhase("sitting");
        return setSubmitError(err instanceof Error ? err.message : "The paper could not be handed in.");
      }
    }
    channel.current?.post({ type: "submitted" });
    goToResults();
  }, [id, storeSeconds, goToResults]);

  // Time ran out while offline: hand the paper in as soon as the connection is back.
  useEffect(() => {
    if (phase !== "waiting") return;
    const retry = () => void handIn(true);
    addEventListener("online", retry);
    return () => removeEventListener("online", retry);
  }, [phase, handIn]);

  const error = loadError || (view && !questions.length ? "This paper has no questions to answer." : "");
  if (error) {
    return (
      <div className="mx-auto mt-16 max-w-xl px-4">
        <div className="card px-6 py-12 text-center" role="alert" data-testid="sitting-error">
          <h1 className="text-xl font-bold">Could not open this paper</h1>
          <p className="mt-2 text-slate-700">{error}</p>
          <a href="/history" className="btn-primary mt-6">Back to My Progress</a>
        </div>
      </div>
    );
  }
  if (!view || !clock) {
    return (
      <div className="mt-24 flex flex-col items-center gap-3 text-slate-700" data-testid="sitting-loading">
        <Spinner className="h-6 w-6 text-brand-700" />
        <h1 className="text-lg font-semibold">Loading your paper...</h1>
      </div>
    );
  }

  const { question, section } = questions[current];
  const firstOfSection = section.questions[0] === question;
  const unanswered = unansweredParts(view, answers);
  const flagged = parts.filter((p) => flags.includes(p.number)).map((p) => p.number);
  const locked = phase !== "sitting";

  return (
    <div className="min-h-screen bg-slate-50" data-testid="sitting-exam">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5">
          <div className="min-w-0 flex-1 basis-56">
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Exam mode</p>
            <h1 className="truncate text-base font-bold sm:text-lg">{view.paperName}</h1>
          </div>
          <SaveStatusText status={save.status} message={save.message} />
          <Countdown deadline={clock.deadline} offset={clock.offset} onExpire={() => void handIn(true)} />
          <button type="button" className="btn-primary" onClick={() => setConfirming(true)} disabled={locked} aria-haspopup="dialog">
            Submit paper
          </button>
        </div>
      </header>

      {phase !== "sitting" && (
        <p role="status" className="mx-auto mt-4 max-w-6xl px-4" data-testid="sitting-phase">
          <span className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {phase === "handing-in"
              ? <><Spinner /> Handing your paper in...</>
              : `Time is up. You are offline: reconnect now. The paper is handed in as soon as you are back online; answers typed offline count only if they reach ExamPrep within ${SAVE_GRACE_SECONDS} seconds of the deadline.`}
          </span>
        </p>
      )}
      {submitError && !confirming && (
        <p role="alert" className="mx-auto mt-4 max-w-6xl px-4">
          <span className="block rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">{submitError}</span>
        </p>
      )}

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <aside className="order-last lg:order-first">
          <div className="card p-4 lg:sticky lg:top-24">
            {view.answerSections && (
              <p className="mb-3 text-sm text-slate-700" data-testid="answer-sections">
                Answer the questions of {view.answerSections} of the {view.sections.length} sections. If you answer more, your best {view.answerSections} count.
              </p>
            )}
            <QuestionNavigator questions={questions.map((q) => q.question)} current={current} answers={answers} flags={flags} onGo={go} />
          </div>
        </aside>
        <div className="min-w-0">
          <fieldset disabled={locked} className="card min-w-0 p-5 sm:p-6">
            <QuestionView
              ref={headingRef}
              question={question}
              sectionName={section.name}
              instructions={firstOfSection ? section.instructions : undefined}
              answers={answers}
              flags={flags}
              onAnswer={answer}
              onFlag={flag}
              onActivePart={(part) => (activePart.current = part)}
            />
          </fieldset>
          <div className="mt-4 flex items-center justify-between gap-3">
            <button type="button" className="btn-outline" onClick={() => go(current - 1)} disabled={current === 0}>Previous</button>
            <p className="text-sm text-slate-600">Question {current + 1} of {questions.length}</p>
            {current < questions.length - 1
              ? <button type="button" className="btn-outline" onClick={() => go(current + 1)}>Next</button>
              : <button type="button" className="btn-primary" onClick={() => setConfirming(true)} disabled={locked}>Submit paper</button>}
          </div>
        </div>
      </div>

      <SubmitDialog
        open={confirming}
        unanswered={unanswered.parts}
        note={unanswered.note}
        flagged={flagged}
        pending={phase === "handing-in"}
        error={submitError}
        onConfirm={() => void handIn(false)}
        onCancel={() => {
          setConfirming(false);
          setSubmitError("");
        }}
      />
    </div>
  );
}
