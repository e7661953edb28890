// The admin tabs of /settings that belong to the catalogue (admin-tools.md §2 Settings, §3 Default
// settings form): Exam Papers (the catalogue and the admin's own defaults), Documents (a paper
// picker, then that paper's document manager). AI Diagnostics is in ../diagnostics/AiDiagnostics.tsx.
import { type FormEvent, useEffect, useId, useState } from "react";
import type { Paper } from "../../../shared/schemas.ts";
import { type AdminDefaults, adminDefaultsSchema } from "../../../shared/catalogue.ts";
import { ApiError, call } from "../api.ts";
import { DocumentsTab } from "./DocumentsTab.tsx";
import { ExamPapers } from "./ExamPapers.tsx";
import { type Catalogue, loadCatalogue } from "./catalogue.ts";
import { Field, inputClass, type Notice, NoticeRegion } from "../ui.tsx";

export function ExamPapersSettings() {
  return (
    <div className="space-y-8">
      <ExamPapers />
      <DefaultSettings />
    </div>
  );
}

/** §3 Default settings form, stored per admin on the server; it preselects the catalogue's columns. */
export function DefaultSettings() {
  const [values, setValues] = useState<AdminDefaults | null>(null);
  const [cat, setCat] = useState<Catalogue | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const id = useId();

  useEffect(() => {
    call<AdminDefaults>("/api/admin/defaults").then(setValues, () => setNotice({ tone: "error", title: "Error", text: "Your default settings could not be loaded." }));
    loadCatalogue().then(setCat, () => setCat(null));
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!values) return;
    const parsed = adminDefaultsSchema.safeParse(values);
    if (!parsed.success) {
      setNotice({ tone: "error", title: "Validation Error", text: parsed.error.issues[0].message });
      return;
    }
    setBusy(true);
    try {
      setValues(await call<AdminDefaults>("/api/admin/defaults", parsed.data, "PUT"));
      setNotice({ tone: "success", title: "Defaults saved", text: "The Exam Papers columns open on them next time." });
    } catch (err) {
      setNotice({ tone: "error", title: "Error", text: err instanceof ApiError ? err.message : "Failed to save your defaults." });
    } finally {
      setBusy(false);
    }
  }

  const set = <K extends keyof AdminDefaults>(k: K, v: AdminDefaults[K]) => setValues((s) => s && { ...s, [k]: v });
  const choice = (k: "defaultSubject" | "defaultExamBoard" | "defaultLevel" | "defaultPaper", label: string, options: string[]) => (
    <Field id={`${id}-${k}`} label={label}>
      {() => (
        <select id={`${id}-${k}`} value={values![k]} className={inputClass()} onChange={(e) => set(k, e.target.value)}>
          <option value="">No default</option>
          {/* A stored default the catalogue no longer has is still shown, so saving keeps it visible. */}
          {[...new Set([...(values![k] ? [values![k]] : []), ...options])].map((o) => <option key={o}>{o}</option>)}
        </select>
      )}
    </Field>
  );
  const paperNames = cat
    ? [...new Set(cat.papers.filter((p) => (!values?.defaultSubject || p.subject === values.defaultSubject) && (!values?.defaultExamBoard || p.examBoard === values.defaultExamBoard)).map((p) => p.name))]
    : [];

  return (
    <section className="card p-4 sm:p-6" aria-labelledby={`${id}-title`} data-testid="default-settings">
      <h2 id={`${id}-title`} className="text-lg font-bold">Your default settings</h2>
      <p className="mt-1 text-sm text-slate-600">Stored with your account: the Exam Papers columns open on this subject, board, level and paper.</p>
      <div className="mt-4"><NoticeRegion notice={notice} /></div>
      {!values ? <p className="text-sm text-slate-600">Loading…</p> : (
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          {choice("defaultSubject", "Default subject", cat?.subjects.map((s) => s.name) ?? [])}
          {choice("defaultExamBoard", "Default exam board", cat?.examBoards.map((s) => s.name) ?? [])}
          {choice("defaultLevel", "Default level", cat?.levels.map((s) => s.name) ?? [])}
          {choice("defaultPaper", "Default paper", paperNames)}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={values.enableNotifications} onChange={(e) => set("enableNotifications", e.target.checked)} />
            Enable notifications
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={values.enableAutoSave} onChange={(e) => set("enableAutoSave", e.target.checked)} />
            Enable auto-save
          </label>
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary" disabled={busy}>{busy ? "Saving…" : "Save Defaults"}</button>
          </div>
        </form>
      )}
    </section>
  );
}

/** Settings → Documents: choose a paper, then its documents (the same DocumentsTab as the detail card). */
export function DocumentsSettings() {
  const [papers, setPapers] = useState<Paper[] | null>(null);
  const [paperId, setPaperId] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const id = useId();
  useEffect(() => {
    loadCatalogue().then((c) => setPapers(c.papers), () => setFailed(true));
  }, []);
  if (failed) return <p role="alert" className="text-sm text-red-800">The papers could not be loaded. Please refresh the page.</p>;
  if (!papers) return <p className="text-sm text-slate-600">Loading papers…</p>;
  const paper = papers.find((p) => p.id === paperId);
  return (
    <div className="space-y-6" data-testid="documents-settings">
      <div className="card p-4 sm:p-6">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">Paper</label>
        <select id={id} value={paperId ?? ""} className={`${inputClass()} max-w-xl`} onChange={(e) => setPaperId(e.target.value ? Number(e.target.value) : null)}>
          <option value="">Choose a paper…</option>
          {papers.map((p) => <option key={p.id} value={p.id}>{`${p.examBoard} ${p.subject} ${p.level}: ${p.name}`}</option>)}
        </select>
        {!paper && <p className="mt-2 text-sm text-slate-600">Its specifications, past papers, mark schemes and examiner reports appear here.</p>}
      </div>
      {paper && <div className="card p-4 sm:p-6"><DocumentsTab key={paper.id} paper={paper} /></div>}
    </div>
  );
}
