// The Study Topics tab of a paper's detail card (admin-tools.md §2, §3 Study topic, §5, §7 Topics, §8):
// the paper's topics (name and description) or an empty message; generate them from the paper's
// specification document, regenerate (which replaces them, after asking), add, edit and delete. Every
// change is stored on the server (GET /api/papers/:id/topics, POST /api/topics/generate, POST
// /api/papers/:id/topics, PATCH and DELETE /api/topics/:id), and the paper's blueprint follows.
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import type { Paper } from "../../../shared/schemas.ts";
import { TOPIC_DESCRIPTION_MAX, TOPIC_NAME_MAX } from "../../../shared/structure.ts";
import { ApiError, call } from "../api.ts";
import { Dialog } from "../Dialog.tsx";

/** A topic as GET /api/papers/:id/topics lists it: a stored one has a numeric id; a seeded paper's built-in list has slug ids. */
interface ListedTopic {
  id: number | string;
  name: string;
  description: string;
}
interface Notice {
  kind: "success" | "error";
  title: string;
  text: string;
}

const EMPTY = "No study topics yet. Generate them from the paper's specification, or add them one by one.";
const message = (err: unknown, fallback: string) => (err instanceof ApiError || err instanceof Error) && err.message ? err.message : fallback;

export function TopicsTab({ paper }: { paper: Paper }) {
  const [topics, setTopics] = useState<ListedTopic[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<ListedTopic | "new" | null>(null);
  const [confirm, setConfirm] = useState<{ kind: "delete"; topic: ListedTopic } | { kind: "regenerate" } | null>(null);
  const titleId = useId();

  const load = useCallback(async () => {
    try {
      setTopics(await call<ListedTopic[]>(`/api/papers/${paper.id}/topics`));
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, [paper.id]);
  useEffect(() => {
    setTopics(null);
    void load();
  }, [load]);

  const stored = topics?.filter((t) => typeof t.id === "number") ?? [];
  const builtIn = (topics?.length ?? 0) > 0 && stored.length === 0;

  async function run(action: () => Promise<unknown>, success: Notice | ((result: unknown) => Notice), failureTitle: string, fallback: string) {
    setBusy(true);
    setNotice(null);
    try {
      const result = await action();
      // Reload before announcing, so the message never describes a list still on screen from before.
      await load();
      setNotice(typeof success === "function" ? success(result) : success);
      return true;
    } catch (err) {
      setNotice({ kind: "error", title: failureTitle, text: message(err, fallback) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const generate = () =>
    run(
      () => call<{ topics: unknown[] }>("/api/topics/generate", { paperId: paper.id }),
      (r) => ({ kind: "success", title: "Topics generated", text: `${(r as { topics: unknown[] }).topics.length} topics were read from the specification.` }),
      "Error generating topics",
      "Please try again later.",
    );

  return (
    <section aria-labelledby={titleId} data-testid="topics-tab">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-bold">Study Topics</h3>
          <p className="mt-1 text-sm text-slate-600">The topics of {paper.name}: the generator spreads a paper's questions over them.</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 max-sm:flex-col">
          <button type="button" className="btn-outline" disabled={busy || topics === null} onClick={() => (stored.length ? setConfirm({ kind: "regenerate" }) : void generate())}>
            {stored.length ? "Regenerate from specification" : "Generate from specification"}
          </button>
          <button type="button" className="btn-primary" disabled={busy} onClick={() => setEditing("new")}>Add Topic</button>
        </div>
      </div>

      <div role="status" aria-live="polite" className="empty:hidden">
        {busy && <p className="mt-4 text-sm text-slate-700">Working...</p>}
        {notice?.kind === "success" && (
          <p className="mt-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
            <span className="block font-semibold">{notice.title}</span>
            {notice.text}
          </p>
        )}
      </div>
      {notice?.kind === "error" && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <span className="block font-semibold">{notice.title}</span>
          {notice.text}
        </p>
      )}

      {loadFailed ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">The topics could not be loaded. Please try refreshing the page.</p>
      ) : topics === null ? (
        <p className="mt-4 text-sm text-slate-600">Loading topics...</p>
      ) : topics.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">{EMPTY}</p>
      ) : (
        <>
          {builtIn && (
            <p className="mt-4 text-sm text-slate-600">
              These are the built-in topics of this paper's question bank. Topics you add or generate are stored for this paper and become its topics once it has a structure of its own.
            </p>
          )}
          <ul className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="topic-list">
            {topics.map((t) => (
              <li key={t.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="topic-row">
                <div className="min-w-0">
                  <p className="break-words font-medium">{t.name}</p>
                  {t.description && <p className="mt-0.5 break-words text-sm text-slate-600">{t.description}</p>}
                </div>
                {typeof t.id === "number" && (
                  <div className="flex shrink-0 gap-2">
                    <button type="button" className="btn-outline px-3 py-1.5" disabled={busy} onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>Edit</button>
                    <button type="button" className="btn-outline px-3 py-1.5 text-red-700" disabled={busy} onClick={() => setConfirm({ kind: "delete", topic: t })} aria-label={`Delete ${t.name}`}>Delete</button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}

      {editing && (
        <TopicDialog
          topic={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (input) => {
            const isNew = editing === "new";
            const ok = await run(
              () => isNew ? call(`/api/papers/${paper.id}/topics`, input) : call(`/api/topics/${(editing as ListedTopic).id}`, input, "PATCH"),
              { kind: "success", title: isNew ? "Topic added" : "Topic updated", text: input.name },
              isNew ? "Failed to add topic" : "Failed to update topic",
              "Please try again later.",
            );
            if (ok) setEditing(null);
          }}
        />
      )}
      {confirm && (
        <Dialog
          title={confirm.kind === "delete" ? "Delete topic" : "Regenerate topics"}
          description={confirm.kind === "delete"
            ? `Are you sure you want to delete '${confirm.topic.name}'? This action cannot be undone.`
            : `This replaces the paper's ${stored.length} topics with those read from its specification, including any you added or edited.`}
          onClose={() => setConfirm(null)}
          busy={busy}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-outline" onClick={() => setConfirm(null)} disabled={busy}>Cancel</button>
            <button
              type="button"
              className={confirm.kind === "delete" ? "btn bg-red-700 text-white hover:bg-red-800" : "btn-primary"}
              disabled={busy}
              onClick={async () => {
                if (confirm.kind === "delete") {
                  await run(() => call(`/api/topics/${confirm.topic.id}`, undefined, "DELETE"), { kind: "success", title: "Topic deleted", text: confirm.topic.name }, "Failed to delete topic", "Please try again later.");
                } else {
                  await generate();
                }
                setConfirm(null);
              }}
            >
              {confirm.kind === "delete" ? "Delete" : "Regenerate"}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

function TopicDialog({ topic, onClose, onSave }: { topic: ListedTopic | null; onClose(): void; onSave(input: { name: string; description: string }): Promise<void> }) {
  const [name, setName] = useState(topic?.name ?? "");
  const [description, setDescription] = useState(topic?.description ?? "");
  const [saving, setSaving] = useState(false);
  const nameId = useId();
  const descriptionId = useId();
  // §5: an empty trimmed name is ignored, so the button waits for one.
  const empty = name.trim() === "";

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (empty) return;
    setSaving(true);
    await onSave({ name: name.trim(), description: description.trim() });
    setSaving(false);
  }

  return (
    <Dialog title={topic ? "Edit topic" : "Add topic"} onClose={onClose} busy={saving}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <div>
          <label htmlFor={nameId} className="block text-sm font-semibold">Name</label>
          <input id={nameId} className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" value={name} maxLength={TOPIC_NAME_MAX} onChange={(e) => setName(e.target.value)} />
        </div>
        <div>
          <label htmlFor={descriptionId} className="block text-sm font-semibold">Description</label>
          <textarea id={descriptionId} rows={4} className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" value={description} maxLength={TOPIC_DESCRIPTION_MAX} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose} disabled={saving}>Cancel</button>
          <button type="submit" className="btn-primary" disabled={saving || empty}>{topic ? "Save Topic" : "Add Topic"}</button>
        </div>
      </form>
    </Dialog>
  );
}
