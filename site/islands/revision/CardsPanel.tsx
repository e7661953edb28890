// The deck's cards: the student's own to add, edit and delete; any to suspend or bring back.
import { type FormEvent, useCallback, useEffect, useState } from "react";
import type { CardView, DeckOverview } from "../../../shared/revision.ts";
import { ownCardSchema } from "../../../shared/revision.ts";
import { apiErrorMessage, postJson, readError } from "../../lib/api.ts";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { toast } from "../../stores/toasts.ts";
import { ApiHtml } from "../../components/ui/ApiHtml.tsx";
import { INPUT_CLASS } from "../../components/ui/Field.tsx";

const textOf = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();
/** Cards listed at first, and added by each 'Show more'. */
const PAGE = 25;

export function CardsPanel({ paperId, deck, onChanged }: { paperId: number; deck: DeckOverview; onChanged: () => void }) {
  const [cards, setCards] = useState<CardView[] | null>(null);
  const [form, setForm] = useState({ topic: deck.topics[0]?.id ?? "", front: "", back: "" });
  const [editing, setEditing] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<CardView | null>(null);
  const [filter, setFilter] = useState("");
  const [limit, setLimit] = useState(PAGE);

  const load = useCallback(async () => {
    const res = await fetch(`/api/revision/decks/${paperId}/cards`, { credentials: "include" });
    if (res.ok) setCards((await res.json()) as CardView[]);
  }, [paperId]);
  useEffect(() => {
    load();
  }, [load]);

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = ownCardSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    const res = editing
      ? await postJson(`/api/revision/cards/${editing}`, { front: form.front, back: form.back }, "PATCH")
      : await postJson(`/api/revision/decks/${paperId}/cards`, parsed.data);
    if (!res.ok) {
      const body = await readError(res);
      setErrors(body.errors ?? { form: body.message ?? "The card could not be saved" });
      return;
    }
    toast({ title: editing ? "Card saved" : "Card added", variant: "success" });
    setForm({ ...form, front: "", back: "" });
    setEditing(null);
    await load();
    onChanged();
  }

  async function suspend(card: CardView) {
    const res = await postJson(`/api/revision/cards/${card.id}`, { suspended: !card.suspended }, "PATCH");
    if (!res.ok) return toast({ title: "That did not work", description: await apiErrorMessage(res), variant: "destructive" });
    await load();
    onChanged();
  }

  async function remove() {
    if (!deleting) return;
    const res = await postJson(`/api/revision/cards/${deleting.id}`, undefined, "DELETE");
    setDeleting(null);
    if (!res.ok) return toast({ title: "The card could not be deleted", description: await apiErrorMessage(res), variant: "destructive" });
    toast({ title: "Card deleted", variant: "success" });
    await load();
    onChanged();
  }

  const names = new Map(deck.topics.map((t) => [t.id, t.name]));
  const shown = (cards ?? []).filter((c) => !filter || c.topic === filter);
  return (
    <div className="space-y-6">
      <form className="card space-y-3 p-4" onSubmit={save} noValidate data-testid="own-card-form">
        <h3 className="font-semibold">{editing ? "Edit your card" : "Add your own card"}</h3>
        {!editing ? (
          <div>
            <label htmlFor="card-topic" className="block text-sm font-medium">Topic</label>
            <select id="card-topic" className={INPUT_CLASS} value={form.topic} onChange={(e) => setForm({ ...form, topic: e.target.value })}>
              {deck.topics.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
            </select>
          </div>
        ) : null}
        <div>
          <label htmlFor="card-front" className="block text-sm font-medium">Question</label>
          <textarea id="card-front" rows={2} className={INPUT_CLASS} value={form.front} aria-invalid={errors.front ? true : undefined} aria-describedby={errors.front ? "card-front-error" : undefined} onChange={(e) => setForm({ ...form, front: e.target.value })} />
          {errors.front ? <p id="card-front-error" className="mt-1 text-sm text-red-700" role="alert">{errors.front}</p> : null}
        </div>
        <div>
          <label htmlFor="card-back" className="block text-sm font-medium">Answer</label>
          <textarea id="card-back" rows={3} className={INPUT_CLASS} value={form.back} aria-invalid={errors.back ? true : undefined} aria-describedby={errors.back ? "card-back-error" : undefined} onChange={(e) => setForm({ ...form, back: e.target.value })} />
          {errors.back ? <p id="card-back-error" className="mt-1 text-sm text-red-700" role="alert">{errors.back}</p> : null}
        </div>
        {errors.form || errors.topic ? <p className="text-sm text-red-700" role="alert">{errors.form ?? errors.topic}</p> : null}
        <div className="flex gap-2">
          <button type="submit" className="btn-primary">{editing ? "Save card" : "Add card"}</button>
          {editing ? <button type="button" className="btn-ghost" onClick={() => { setEditing(null); setForm({ ...form, front: "", back: "" }); }}>Cancel</button> : null}
        </div>
      </form>

      <div>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 className="font-semibold">Cards in this deck{cards ? ` (${cards.length})` : ""}</h3>
          <div>
            <label htmlFor="card-filter" className="block text-sm font-medium">Show topic</label>
            <select id="card-filter" className={INPUT_CLASS} value={filter} onChange={(e) => { setFilter(e.target.value); setLimit(PAGE); }}>
              <option value="">All topics</option>
              {deck.topics.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
            </select>
          </div>
        </div>
        {!cards ? (
          <p className="mt-4 flex items-center gap-2 text-slate-600" role="status"><Spinner />Loading cards…</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="card-list">
            {shown.slice(0, limit).map((c) => (
              <li key={c.id} className={`p-3 ${c.suspended ? "opacity-60" : ""}`} data-testid="card-row">
                <details>
                  <summary className="cursor-pointer list-none">
                    <span className="line-clamp-2 text-sm text-slate-900">{textOf(c.front)}</span>
                    <span className="mt-1 block text-xs text-slate-600">
                      {names.get(c.topic) ?? c.topic} · {c.suspended ? "Suspended" : c.state} · {c.source.kind === "own" ? "Your own card" : c.source.label}
                    </span>
                  </summary>
                  <div className="mt-3 rounded-lg bg-slate-50 p-3"><ApiHtml html={c.back} className="text-sm" /></div>
                </details>
                <div className="mt-2 flex flex-wrap gap-2">
                  {c.source.kind === "own" ? (
                    <>
                      <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => { setEditing(c.id); setForm({ topic: c.topic, front: textOf(c.front), back: textOf(c.back) }); scrollTo({ top: 0, behavior: "smooth" }); }}>Edit</button>
                      <button type="button" className="btn-ghost px-2 py-1 text-xs text-red-700" onClick={() => setDeleting(c)}>Delete</button>
                    </>
                  ) : null}
                  <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => suspend(c)}>{c.suspended ? "Bring back" : "Suspend"}</button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {shown.length > limit ? (
          <button type="button" className="btn-outline mt-3 w-full" onClick={() => setLimit((n) => n + PAGE)}>
            Show more ({shown.length - limit} more)
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete this card?"
        description="Your card and its review history will be deleted. This cannot be undone."
        confirmLabel="Delete"
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
        testId="delete-card-dialog"
      />
    </div>
  );
}
