// The review screen: a session of cards fetched at once, so reviewing goes on through a lost
// connection; each answer is queued in the browser (review-queue.ts) and sent at once when online.
import { useCallback, useEffect, useRef, useState } from "react";
import { type CardView, RATINGS, type RatingValue, REVISION_TEXTS, type Review } from "../../../shared/revision.ts";
import { postJson } from "../../lib/api.ts";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { ApiHtml } from "../../components/ui/ApiHtml.tsx";
import { addPending, flushPending, pendingReviews } from "./review-queue.ts";

interface Session {
  cards: CardView[];
  nextDue: string | null;
}

const RATING_STYLE: Record<RatingValue, string> = {
  1: "border-red-300 bg-red-50 text-red-800 hover:bg-red-100",
  2: "border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100",
  3: "border-green-300 bg-green-50 text-green-800 hover:bg-green-100",
  4: "border-sky-300 bg-sky-50 text-sky-800 hover:bg-sky-100",
};

const sendReviews = (reviews: Review[]) => postJson("/api/revision/reviews", { reviews });
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });

/** Reviews one deck's due and new cards; `onReviewed` lets the page refresh its counts. */
export function ReviewPanel({ paperId, onReviewed }: { paperId: number; onReviewed: () => void }) {
  const [session, setSession] = useState<Session | null>(null);
  const [position, setPosition] = useState(0);
  const [shown, setShown] = useState(false);
  const [online, setOnline] = useState(true);
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const answerButton = useRef<HTMLButtonElement>(null);

  const flush = useCallback(async () => {
    const empty = await flushPending(localStorage, sendReviews);
    setPending(pendingReviews(localStorage).length);
    return empty;
  }, []);

  const load = useCallback(async () => {
    setError(null);
    // What was reviewed offline or before a reload goes first, so the session starts after it.
    await flush();
    try {
      const res = await fetch(`/api/revision/decks/${paperId}/session`, { credentials: "include" });
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as Session;
      const done = new Set(pendingReviews(localStorage).map((r) => r.cardId));
      setSession({ ...body, cards: body.cards.filter((c) => !done.has(c.id)) });
      setPosition(0);
      setShown(false);
    } catch {
      setError(navigator.onLine ? "Your cards could not be loaded. Please try again." : "You are offline: your cards will load when the connection returns.");
    }
  }, [paperId, flush]);

  useEffect(() => {
    setOnline(navigator.onLine);
    setPending(pendingReviews(localStorage).length);
    load();
    const up = () => {
      setOnline(true);
      flush().then(() => onReviewed());
    };
    const down = () => setOnline(false);
    addEventListener("online", up);
    addEventListener("offline", down);
    return () => {
      removeEventListener("online", up);
      removeEventListener("offline", down);
    };
  }, [load, flush, onReviewed]);

  const card = session?.cards[position];

  const rate = useCallback(async (rating: RatingValue) => {
    if (!card || !shown || !session) return;
    addPending(localStorage, { id: crypto.randomUUID(), cardId: card.id, rating, reviewedAt: new Date().toISOString() });
    setPending(pendingReviews(localStorage).length);
    // 'Again' brings the card back at the end of this session, as its learning step would.
    // Its intervals are not known here until the server has it, so the buttons show none then.
    if (rating === 1) setSession({ ...session, cards: [...session.cards, { ...card, state: "Learning", intervals: { 1: "", 2: "", 3: "", 4: "" } }] });
    setPosition((p) => p + 1);
    setShown(false);
    if (navigator.onLine && (await flush())) onReviewed();
  }, [card, shown, session, flush, onReviewed]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
      if (!card) return;
      if (!shown && (e.key === " " || e.key === "Enter")) {
        e.preventDefault();
        setShown(true);
        return;
      }
      const rating = RATINGS.find((r) => r.key === e.key);
      if (shown && rating) {
        e.preventDefault();
        rate(rating.value);
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [card, shown, rate]);

  if (error) {
    return (
      <div className="card p-6 text-center" role="status">
        <p className="text-slate-700">{error}</p>
        <button type="button" className="btn-outline mt-4" onClick={load}>Try again</button>
      </div>
    );
  }
  if (!session) {
    return <div className="card flex items-center justify-center gap-2 p-10 text-slate-600" role="status"><Spinner />Loading your cards…</div>;
  }

  const status = (
    <p className="text-xs text-slate-600" aria-live="polite" data-testid="sync-status">
      {online ? (pending ? `Saving ${pending} review${pending === 1 ? "" : "s"}…` : "All reviews saved") : `Offline: ${pending} review${pending === 1 ? "" : "s"} kept on this device, sent when you are back online`}
    </p>
  );

  if (!card) {
    return (
      <div className="card p-8 text-center" data-testid="review-done">
        <h3 className="text-xl font-bold">{REVISION_TEXTS.allDone}</h3>
        <p className="mt-2 text-slate-700">
          {session.nextDue ? `Your next card is due at ${timeOf(session.nextDue)}${new Date(session.nextDue).toDateString() === new Date().toDateString() ? "" : ` on ${new Date(session.nextDue).toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long" })}`}.` : "Come back tomorrow for your next cards."}
        </p>
        <div className="mt-3">{status}</div>
        <button type="button" className="btn-outline mt-4" onClick={load}>Check for more cards</button>
      </div>
    );
  }

  const left = session.cards.length - position;
  return (
    <section className="card p-4 sm:p-6" aria-labelledby="review-heading" data-testid="review-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="review-heading" className="text-sm font-semibold text-slate-700">
          {card.topicName} <span className="badge ml-1 bg-slate-100 text-slate-700">{card.state}</span>
        </h3>
        <p className="text-sm text-slate-600" data-testid="cards-left">{left} card{left === 1 ? "" : "s"} left in this session</p>
      </div>
      <div className="mt-4 min-h-[8rem]" data-testid="card-front">
        <ApiHtml html={card.front} />
      </div>
      {shown ? (
        <div className="mt-4 border-t border-slate-200 pt-4" data-testid="card-back">
          <ApiHtml html={card.back} />
          <p className="mt-3 text-xs text-slate-600">Source: {card.source.label}</p>
        </div>
      ) : null}
      <div className="mt-6">
        {shown ? (
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" role="group" aria-label="How well did you know it?">
            {RATINGS.map((r) => (
              <button
                key={r.value}
                type="button"
                className={`btn min-h-14 flex-col gap-0 border text-base ${RATING_STYLE[r.value]}`}
                onClick={() => rate(r.value)}
                aria-keyshortcuts={r.key}
              >
                <span>{r.label}</span>
                <span className="text-xs font-normal">{card.intervals[r.value] ? `${card.intervals[r.value]} · ` : ""}key {r.key}</span>
              </button>
            ))}
          </div>
        ) : (
          <button ref={answerButton} type="button" className="btn-primary min-h-14 w-full text-base" onClick={() => setShown(true)} aria-keyshortcuts="Space">
            Show answer <span className="text-xs font-normal">(Space)</span>
          </button>
        )}
      </div>
      <div className="mt-3">{status}</div>
    </section>
  );
}
