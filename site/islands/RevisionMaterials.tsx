// Smart Study Resources (/revision-materials): choose a paper, then review its flashcards on the FSRS
// schedule, read topic summaries, take quick quizzes and manage the cards. The review screen, the
// topic aids and the card list are in ./revision/.
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { type DeckOverview, NEW_CARDS_PER_DAY, REVISION_TEXTS } from "../../shared/revision.ts";
import { apiErrorMessage, postJson, readError } from "../lib/api.ts";
import { Spinner } from "../components/ui/Spinner.tsx";
import { toast } from "../stores/toasts.ts";
import { ReviewPanel } from "./revision/ReviewPanel.tsx";
import { TopicsPanel } from "./revision/TopicsPanel.tsx";
import { CardsPanel } from "./revision/CardsPanel.tsx";
import { INPUT_CLASS } from "../components/ui/Field.tsx";

interface StudyablePaper {
  id: number;
  label: string;
  subject: string;
  tiers: string[];
  deck: { tier: string | null; due: number } | null;
}

type Tab = "review" | "topics" | "cards" | "settings";
const TABS: [Tab, string][] = [
  ["review", "Review"],
  ["topics", "Topics"],
  ["cards", "My cards"],
  ["settings", "Settings"],
];
const CHOSEN = "examprep.revision.paper";
const dayName = (date: string, i: number) => (i === 0 ? "Today" : new Date(`${date}T12:00:00Z`).toLocaleDateString("en-GB", { weekday: "short" }));

export default function RevisionMaterials() {
  const [papers, setPapers] = useState<StudyablePaper[] | null>(null);
  const [paperId, setPaperId] = useState<number | null>(null);
  const [tier, setTier] = useState("");
  const [deck, setDeck] = useState<DeckOverview | null>(null);
  const [tab, setTab] = useState<Tab>("review");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    (async () => {
      const res = await fetch("/api/revision/papers", { credentials: "include" });
      if (!res.ok) return setError(await apiErrorMessage(res));
      const list = (await res.json()) as StudyablePaper[];
      setPapers(list);
      const saved = Number(localStorage.getItem(CHOSEN));
      const start = list.find((p) => p.id === saved && p.deck) ?? list.find((p) => p.deck);
      if (start) setPaperId(start.id);
    })();
  }, []);

  const refresh = useCallback(async () => {
    if (paperId === null) return;
    const res = await fetch(`/api/revision/decks/${paperId}`, { credentials: "include" });
    if (res.ok) setDeck((await res.json()) as DeckOverview);
    else if (res.status === 404) setDeck(null);
  }, [paperId]);

  useEffect(() => {
    setDeck(null);
    if (paperId !== null) {
      localStorage.setItem(CHOSEN, String(paperId));
      refresh();
    }
  }, [paperId, refresh]);

  const chosen = papers?.find((p) => p.id === paperId);

  async function start(e: FormEvent) {
    e.preventDefault();
    if (!chosen) return setError(REVISION_TEXTS.noPaper);
    setBusy(true);
    setError(null);
    const res = await postJson("/api/revision/decks", { paperId: chosen.id, ...(chosen.tiers.length ? { tier: tier || chosen.tiers.at(-1) } : {}) });
    setBusy(false);
    if (!res.ok) return setError((await readError(res)).message ?? "Your deck could not be made");
    const made = (await res.json()) as DeckOverview;
    setDeck(made);
    setPapers((list) => list?.map((p) => (p.id === chosen.id ? { ...p, deck: { tier: made.tier, due: made.counts.due } } : p)) ?? null);
    toast({ title: "Your deck is ready", description: `${made.counts.total} cards on ${made.topics.length} topics`, variant: "success" });
    setTab("review");
  }

  if (error && !papers) return <p className="card p-6 text-red-700" role="alert">{error}</p>;
  if (!papers) return <div className="card flex items-center justify-center gap-2 p-10 text-slate-600" role="status"><Spinner />Loading…</div>;

  return (
    <div className="space-y-6">
      <form className="card flex flex-wrap items-end gap-3 p-4" onSubmit={start} data-testid="deck-picker">
        <div className="min-w-[14rem] flex-1">
          <label htmlFor="revision-paper" className="block text-sm font-medium">Paper</label>
          <select id="revision-paper" className={INPUT_CLASS} value={paperId ?? ""} onChange={(e) => setPaperId(e.target.value ? Number(e.target.value) : null)}>
            <option value="">Choose a paper…</option>
            {papers.map((p) => <option key={p.id} value={p.id}>{p.label}{p.deck ? ` (${p.deck.due} due)` : ""}</option>)}
          </select>
        </div>
        {chosen && !chosen.deck && chosen.tiers.length ? (
          <div>
            <label htmlFor="revision-tier" className="block text-sm font-medium">Tier</label>
            <select id="revision-tier" className={INPUT_CLASS} value={tier || chosen.tiers.at(-1)} onChange={(e) => setTier(e.target.value)}>
              {chosen.tiers.map((t) => <option key={t} value={t}>{t}</option>)}
            </select>
          </div>
        ) : null}
        {chosen && !chosen.deck ? <button type="submit" className="btn-primary" disabled={busy}>{busy ? <Spinner /> : null}Start studying</button> : null}
        {error ? <p className="w-full text-sm text-red-700" role="alert">{error}</p> : null}
      </form>

      {!chosen ? (
        <section className="card p-6">
          <h2 className="text-lg font-bold">Flashcards that come back just before you forget</h2>
          <p className="mt-2 text-slate-700">
            Choose one of your papers. You get a deck of cards made from its specification and its mark schemes, a summary and a quick quiz for each topic, and a daily review that spaces each card out by how well you know it (the FSRS method), so every card is seen again before your exam.
          </p>
        </section>
      ) : chosen.deck && !deck ? (
        <div className="card flex items-center justify-center gap-2 p-10 text-slate-600" role="status"><Spinner />Loading your deck…</div>
      ) : deck ? (
        <>
          <section className="grid grid-cols-4 gap-2 sm:gap-3" aria-label="Today" data-testid="deck-stats">
            {[
              ["Due now", deck.counts.due],
              ["New today", deck.counts.newLeft],
              ["Reviewed today", deck.counts.reviewedToday],
              ["Day streak", deck.streak],
            ].map(([label, value]) => (
              <div key={label} className="card px-2 py-3 text-center sm:p-4 sm:text-left">
                <p className="text-xs text-slate-600 sm:text-sm">{label}</p>
                <p className="text-xl font-bold sm:text-2xl">{value}</p>
              </div>
            ))}
          </section>
          <div role="tablist" aria-label="Study" className="flex gap-1 overflow-x-auto border-b border-slate-200">
            {TABS.map(([id, label]) => (
              <button key={id} id={`tab-${id}`} role="tab" type="button" aria-selected={tab === id} aria-controls={`panel-${id}`} tabIndex={tab === id ? 0 : -1}
                className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold sm:px-4 ${tab === id ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
                onClick={() => setTab(id)}
                onKeyDown={(e) => {
                  const i = TABS.findIndex(([t]) => t === tab);
                  if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
                    const next = TABS[(i + (e.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length][0];
                    setTab(next);
                    document.getElementById(`tab-${next}`)?.focus();
                  }
                }}>
                {label}
              </button>
            ))}
          </div>
          <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`}>
            {tab === "review" ? <ReviewPanel paperId={deck.paper.id} onReviewed={refresh} /> : null}
            {tab === "topics" ? <TopicsPanel paperId={deck.paper.id} deck={deck} /> : null}
            {tab === "cards" ? <CardsPanel paperId={deck.paper.id} deck={deck} onChanged={refresh} /> : null}
            {tab === "settings" ? <SettingsPanel deck={deck} onSaved={setDeck} /> : null}
          </div>
          <section className="card p-4" aria-labelledby="forecast-heading">
            <h2 id="forecast-heading" className="text-sm font-semibold">Reviews this week</h2>
            <ol className="mt-3 grid grid-cols-7 items-end gap-1 text-center text-xs" data-testid="forecast">
              {deck.forecast.map((f, i) => {
                const max = Math.max(1, ...deck.forecast.map((x) => x.count));
                return (
                  <li key={f.date} aria-label={`${dayName(f.date, i)}: ${f.count} review${f.count === 1 ? "" : "s"}`}>
                    <div className="mx-auto flex h-16 w-full max-w-8 items-end rounded bg-slate-100" aria-hidden="true">
                      <div className="w-full rounded bg-brand-600" style={{ height: `${(f.count / max) * 100}%` }} />
                    </div>
                    <p className="mt-1 font-semibold">{f.count}</p>
                    <p className="text-slate-600">{dayName(f.date, i)}</p>
                  </li>
                );
              })}
            </ol>
          </section>
        </>
      ) : null}
    </div>
  );
}

function SettingsPanel({ deck, onSaved }: { deck: DeckOverview; onSaved: (d: DeckOverview) => void }) {
  const [newPerDay, setNewPerDay] = useState(String(deck.settings.newPerDay));
  const [examDate, setExamDate] = useState(deck.settings.examDate ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function save(e: FormEvent) {
    e.preventDefault();
    const res = await postJson(`/api/revision/decks/${deck.paper.id}`, { newPerDay: Number(newPerDay), examDate: examDate || null }, "PATCH");
    if (!res.ok) {
      const body = await readError(res);
      return setErrors(body.errors ?? { form: body.message ?? "Your settings could not be saved" });
    }
    setErrors({});
    onSaved((await res.json()) as DeckOverview);
    toast({ title: "Settings saved", variant: "success" });
  }
  return (
    <form className="card max-w-lg space-y-4 p-4" onSubmit={save} noValidate data-testid="deck-settings">
      <div>
        <label htmlFor="new-per-day" className="block text-sm font-medium">New cards a day</label>
        <input id="new-per-day" type="number" inputMode="numeric" min={NEW_CARDS_PER_DAY.min} max={NEW_CARDS_PER_DAY.max} className={INPUT_CLASS} value={newPerDay} onChange={(e) => setNewPerDay(e.target.value)} aria-invalid={errors.newPerDay ? true : undefined} aria-describedby="new-per-day-hint" />
        <p id="new-per-day-hint" className="mt-1 text-xs text-slate-600">{errors.newPerDay ?? `Cards you have not seen before, added to each day's reviews (${NEW_CARDS_PER_DAY.min}–${NEW_CARDS_PER_DAY.max}).`}</p>
      </div>
      <div>
        <label htmlFor="exam-date" className="block text-sm font-medium">Exam date</label>
        <input id="exam-date" type="date" className={INPUT_CLASS} value={examDate} onChange={(e) => setExamDate(e.target.value)} aria-invalid={errors.examDate ? true : undefined} aria-describedby="exam-date-hint" />
        <p id="exam-date-hint" className={`mt-1 text-xs ${errors.examDate ? "text-red-700" : "text-slate-600"}`}>{errors.examDate ?? "No card is scheduled after it, so you see every card again before the exam."}</p>
      </div>
      {errors.form ? <p className="text-sm text-red-700" role="alert">{errors.form}</p> : null}
      <button type="submit" className="btn-primary">Save settings</button>
    </form>
  );
}
