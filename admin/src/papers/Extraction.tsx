// A past paper's extraction in the Documents tab (admin-tools.md §4, issue 13): its status cell (Not
// Extracted → Extracting... while the request runs → Extracted, polled every 5 s; re-extract, view the
// JSON) and its review list, where each extracted question sits beside the page it was read from
// (rendered by the server) with its text, marks, topic and answers to edit, then Publish or Reject.
import { useEffect, useId, useState } from "react";
import type { DocumentInfo } from "../../../shared/documents.ts";
import type { ExtractionStatus, ReviewItem, ReviewPart, ReviewStatus } from "../../../shared/extraction-review.ts";
import { ApiError, call } from "../api.ts";
import { inputClass, type Notice } from "../ui.tsx";

/** §9: status polling every 5000 ms. */
const POLL_MS = 5000;

const message = (err: unknown) => (err instanceof ApiError ? err.message : (err as Error).message || "Please try again");

/** The status cell of a past paper's row, with its actions. */
export function ExtractionCell({ doc, onNotice, onReview }: { doc: DocumentInfo; onNotice: (n: Notice) => void; onReview: () => void }) {
  const [status, setStatus] = useState<ExtractionStatus | null>(null);
  const [running, setRunning] = useState(false);

  const refresh = () => call<ExtractionStatus>(`/api/extraction-status/${doc.id}`).then(setStatus, () => {});
  useEffect(() => {
    void refresh();
    // Polled (§4): another admin may extract it, or publish its questions, meanwhile.
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [doc.id]);

  async function extract() {
    setRunning(true);
    try {
      const result = await call<{ questions: number }>(`/api/extract-paper-content/${doc.id}`, undefined, "POST");
      onNotice({ tone: "success", title: "Extraction completed", text: `Successfully extracted content from paper: ${result.questions} question parts, ready to review.` });
      await refresh();
    } catch (err) {
      onNotice({ tone: "error", title: "Extraction failed", text: message(err) });
    }
    setRunning(false);
  }

  const extracting = running || status?.extracting;
  return (
    <div className="flex flex-col items-start gap-1" data-testid={`extraction-${doc.id}`}>
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
          extracting ? "bg-amber-100 text-amber-900" : status?.processed ? "bg-green-100 text-green-900" : "bg-slate-100 text-slate-700"
        }`}
        role="status"
      >
        {extracting ? "Extracting..." : status?.processed ? "Extracted" : status ? "Not Extracted" : "Checking…"}
      </span>
      {status?.processed && !extracting && (
        <span className="text-xs text-slate-600">{status.published} question{status.published === 1 ? "" : "s"} published</span>
      )}
      <div className="flex flex-wrap gap-1">
        <button type="button" className="btn-outline px-2 py-1 text-xs" onClick={() => void extract()} disabled={Boolean(extracting) || !status} aria-label={`${status?.processed ? "Re-extract" : "Extract"} ${doc.fileName}`}>
          {status?.processed ? "Re-extract" : "Extract"}
        </button>
        {status?.processed && (
          <>
            <button type="button" className="btn-outline px-2 py-1 text-xs" onClick={onReview} aria-label={`Review questions of ${doc.fileName}`}>Review</button>
            <a className="btn-outline px-2 py-1 text-xs" href={`/extracted-content/${doc.id}.json`} target="_blank" rel="noopener">
              View JSON<span className="sr-only"> of {doc.fileName} (opens in a new tab)</span>
            </a>
          </>
        )}
      </div>
    </div>
  );
}

interface ReviewData {
  document: { id: number; title: string; year: number | null; tier: string | null; pages: number };
  topics: { id: string; name: string }[];
  items: ReviewItem[];
}

const STATUS_LABEL: Record<ReviewStatus, string> = { pending: "Pending", published: "Published", rejected: "Rejected" };
const STATUS_CLASS: Record<ReviewStatus, string> = {
  pending: "bg-slate-100 text-slate-800",
  published: "bg-green-100 text-green-900",
  rejected: "bg-red-100 text-red-900",
};

/** The review list of one past paper. */
export function ExtractionReview({ doc, onClose }: { doc: DocumentInfo; onClose: () => void }) {
  const [data, setData] = useState<ReviewData | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  const load = () => call<ReviewData>(`/api/extracted-questions?documentId=${doc.id}`).then((d) => {
    setData(d);
    setFailed(null);
  }, (err) => setFailed(message(err)));
  useEffect(() => {
    void load();
  }, [doc.id]);

  const replace = (item: ReviewItem) => setData((d) => d && { ...d, items: d.items.map((i) => (i.id === item.id ? item : i)) });

  async function publishAll() {
    setBusy(true);
    try {
      const r = await call<{ published: number; skipped: { number: string; reason: string }[] }>("/api/extracted-questions/publish-all", { documentId: doc.id });
      const skipped = r.skipped.length ? ` Not published: ${r.skipped.map((s) => `${s.number} (${s.reason})`).join("; ")}` : "";
      setNotice({ tone: r.skipped.length ? "error" : "success", title: `${r.published} question${r.published === 1 ? "" : "s"} published`, text: `They are past questions in the bank now.${skipped}` });
      await load();
    } catch (err) {
      setNotice({ tone: "error", title: "Publish failed", text: message(err) });
    }
    setBusy(false);
  }

  const pending = data?.items.filter((i) => i.status === "pending").length ?? 0;
  return (
    <section className="mt-6 rounded-xl border border-slate-200 p-3 sm:p-4" aria-labelledby={headingId} data-testid="extraction-review">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={headingId} className="text-base font-bold">Review: {doc.fileName}</h4>
          <p className="text-sm text-slate-600">
            Check each extracted question against its page, correct it, choose its topic, then publish it: published questions are past questions of {doc.year ?? "this year"} in the bank.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-primary px-3 py-1.5" onClick={() => void publishAll()} disabled={busy || !pending}>Publish all pending ({pending})</button>
          <button type="button" className="btn-outline px-3 py-1.5" onClick={onClose}>Close review</button>
        </div>
      </div>
      <div role="status" aria-live="polite" className="empty:hidden">
        {notice && (
          <p className={`mt-3 rounded-lg border px-3 py-2 text-sm ${notice.tone === "success" ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-800"}`}>
            <strong>{notice.title}.</strong> {notice.text}
          </p>
        )}
      </div>
      {failed && <p role="alert" className="mt-3 text-sm text-red-800">{failed}</p>}
      {!data && !failed && <p className="mt-3 text-sm text-slate-600">Loading the extracted questions…</p>}
      {data && !data.items.length && <p className="mt-3 text-sm text-slate-600">No questions were extracted from this document.</p>}
      {data && (
        <ol className="mt-4 space-y-6">
          {data.items.map((item) => <li key={item.id}><ReviewCard doc={doc} item={item} topics={data.topics} onSaved={replace} /></li>)}
        </ol>
      )}
    </section>
  );
}

function ReviewCard({ doc, item, topics, onSaved }: { doc: DocumentInfo; item: ReviewItem; topics: ReviewData["topics"]; onSaved: (item: ReviewItem) => void }) {
  const id = useId();
  const [stem, setStem] = useState(item.stem ?? "");
  const [topic, setTopic] = useState(item.topic ?? "");
  const [parts, setParts] = useState<ReviewPart[]>(item.parts);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Notice | null>(null);
  const pages = [...new Set(item.parts.map((p) => p.page))];
  const dirty = stem !== (item.stem ?? "") || topic !== (item.topic ?? "") || JSON.stringify(parts) !== JSON.stringify(item.parts);

  const editPart = (i: number, change: Partial<ReviewPart>) => setParts((list) => list.map((p, k) => (k === i ? { ...p, ...change } : p)));

  async function save(): Promise<ReviewItem | null> {
    const body = { stem: stem.trim() || null, topic: topic || null, parts: parts.map((p) => ({ number: p.number, text: p.text, marks: p.marks, answer: p.answer })) };
    const { item: saved } = await call<{ item: ReviewItem }>(`/api/extracted-questions/${item.id}`, body, "PATCH");
    onSaved(saved);
    return saved;
  }

  async function act(kind: "save" | "publish" | "unpublish" | "reject") {
    setBusy(true);
    setResult(null);
    try {
      if (dirty || kind === "save") await save();
      if (kind !== "save") {
        const { item: saved } = await call<{ item: ReviewItem }>(`/api/extracted-questions/${item.id}/${kind}`, undefined, "POST");
        onSaved(saved);
      }
      const done = { save: "Changes saved", publish: "Published to the bank", unpublish: "Taken out of the bank", reject: "Rejected" }[kind];
      setResult({ tone: "success", title: done, text: "" });
    } catch (err) {
      setResult({ tone: "error", title: "Not saved", text: message(err) });
    }
    setBusy(false);
  }

  return (
    <article className="grid gap-4 rounded-lg border border-slate-200 p-3 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]" aria-labelledby={`${id}-title`} data-testid={`review-item-${item.number}`}>
      <div className="min-w-0 space-y-2">
        {pages.map((page) => (
          <img
            key={page}
            src={`/api/uploaded-files/${doc.id}/pages/${page}`}
            alt={`Page ${page} of ${doc.fileName}, where question ${item.number} is printed`}
            loading="lazy"
            className="w-full rounded border border-slate-200 bg-white"
            width={893}
            height={1263}
          />
        ))}
      </div>
      <div className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h5 id={`${id}-title`} className="text-base font-bold">Question {item.number}</h5>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[item.status]}`}>{STATUS_LABEL[item.status]}</span>
          <span className="text-xs text-slate-600">page {pages.join(", ")} · {parts.reduce((n, p) => n + (p.marks ?? 0), 0)} marks</span>
        </div>
        <div>
          <label htmlFor={`${id}-stem`} className="block text-sm font-medium text-slate-800">Context (stem)</label>
          <textarea id={`${id}-stem`} className={inputClass()} rows={2} value={stem} onChange={(e) => setStem(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-topic`} className="block text-sm font-medium text-slate-800">Topic</label>
          <select id={`${id}-topic`} className={inputClass()} value={topic} onChange={(e) => setTopic(e.target.value)} aria-describedby={`${id}-topic-hint`}>
            <option value="">Choose a topic</option>
            {topics.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
          </select>
          <p id={`${id}-topic-hint`} className="mt-1 text-xs text-slate-600">{item.topicReason}</p>
        </div>
        {parts.map((p, i) => (
          <fieldset key={p.number} className="rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold">Part {p.number}</legend>
            <label htmlFor={`${id}-${i}-text`} className="block text-sm font-medium text-slate-800">Text</label>
            <textarea id={`${id}-${i}-text`} className={inputClass()} rows={3} value={p.text} onChange={(e) => editPart(i, { text: e.target.value })} />
            {p.options && (
              <p className="mt-2 text-sm text-slate-700"><span className="font-medium">Options:</span> {p.options.join(" · ")}</p>
            )}
            {p.table && (
              <div className="mt-2 overflow-x-auto">
                <table className="text-left text-xs">
                  <caption className="sr-only">Table of part {p.number}</caption>
                  <thead><tr>{p.table.header.map((h, k) => <th key={k} scope="col" className="border border-slate-200 px-2 py-1">{h}</th>)}</tr></thead>
                  <tbody>{p.table.rows.map((r, k) => <tr key={k}>{r.map((c, j) => <td key={j} className="border border-slate-200 px-2 py-1">{c}</td>)}</tr>)}</tbody>
                </table>
              </div>
            )}
            <div className="mt-2 grid gap-2 sm:grid-cols-[6rem_1fr]">
              <div>
                <label htmlFor={`${id}-${i}-marks`} className="block text-sm font-medium text-slate-800">Marks</label>
                <input
                  id={`${id}-${i}-marks`}
                  type="number"
                  min={1}
                  max={30}
                  inputMode="numeric"
                  className={inputClass()}
                  value={p.marks ?? ""}
                  onChange={(e) => editPart(i, { marks: e.target.value ? Math.trunc(Number(e.target.value)) : null })}
                />
              </div>
              <div>
                <label htmlFor={`${id}-${i}-answer`} className="block text-sm font-medium text-slate-800">Answer (mark scheme)</label>
                <textarea id={`${id}-${i}-answer`} className={inputClass()} rows={3} value={p.answer} onChange={(e) => editPart(i, { answer: e.target.value })} />
              </div>
            </div>
          </fieldset>
        ))}
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-outline px-3 py-1.5" onClick={() => void act("save")} disabled={busy || !dirty}>Save changes</button>
          {item.status === "published"
            ? <button type="button" className="btn-outline px-3 py-1.5" onClick={() => void act("unpublish")} disabled={busy}>Unpublish</button>
            : <button type="button" className="btn-primary px-3 py-1.5" onClick={() => void act("publish")} disabled={busy}>Publish</button>}
          {item.status !== "rejected" && <button type="button" className="btn-outline px-3 py-1.5 text-red-700" onClick={() => void act("reject")} disabled={busy}>Reject</button>}
        </div>
        <div role="status" aria-live="polite" className="empty:hidden">
          {result && <p className={`text-sm ${result.tone === "success" ? "text-green-800" : "text-red-800"}`}><strong>{result.title}</strong>{result.text ? `: ${result.text}` : "."}</p>}
        </div>
      </div>
    </article>
  );
}
