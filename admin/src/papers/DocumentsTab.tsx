// The Document Management card of a paper (admin-tools.md §2, §5, §7): its specifications, past
// papers, mark schemes and examiner reports, each a table with its empty message and an add button;
// Add Document (the server fetches the PDF at a URL), Upload PDF, Import Papers from an exam board's
// page, and deletion after the spec's confirmation. The PDFs live in the database (api/documents).
import { useEffect, useId, useState } from "react";
import type { Paper } from "../../../shared/schemas.ts";
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  DOCUMENT_TIERS,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  type DocumentInfo,
  type DocumentTier,
  type DocumentType,
  documentYears,
  MANUAL_DOCUMENT_TYPES,
  TYPES_WITH_YEAR,
} from "../../../shared/documents.ts";
import { formatDate } from "../../../shared/format.ts";
import { ApiError, call, upload } from "../api.ts";
import { Dialog } from "../Dialog.tsx";
import { Field, inputClass, type Notice, NoticeRegion, PlusIcon, ProblemAlert, TrashIcon } from "../ui.tsx";
import { ExtractionCell, ExtractionReview } from "./Extraction.tsx";

/** The card's sections and their empty messages (§2). Imported additional resources get a section only when there are some. */
const SECTIONS: { type: DocumentType; title: string; empty: string }[] = [
  { type: "specification", title: "Specifications", empty: "No specification added yet" },
  { type: "pastPaper", title: "Past Papers", empty: "No past papers added yet" },
  { type: "markScheme", title: "Mark Schemes", empty: "No mark schemes added yet" },
  { type: "examinerReport", title: "Examiner Reports", empty: "No examiner reports added yet" },
  { type: "additionalResource", title: "Additional Resources", empty: "" },
];
const SAVE_MY_EXAMS = "https://www.savemyexams.com/";
const MB = 1024 * 1024;

type Open =
  | { kind: "add" | "upload"; type: DocumentType }
  | { kind: "import" }
  | { kind: "delete"; doc: DocumentInfo }
  | null;

export function DocumentsTab({ paper }: { paper: Paper }) {
  const [files, setFiles] = useState<DocumentInfo[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  /** The past paper whose extracted questions are being reviewed. */
  const [reviewing, setReviewing] = useState<DocumentInfo | null>(null);

  const load = () =>
    call<{ files: DocumentInfo[] }>(`/api/uploaded-files?paperId=${paper.id}`).then((r) => {
      setFiles(r.files);
      setFailed(false);
    }, () => setFailed(true));
  useEffect(() => {
    setFiles(null);
    setNotice(null);
    setReviewing(null);
    void load();
  }, [paper.id]);

  const done = (n: Notice) => {
    setOpen(null);
    setNotice(n);
    void load();
  };

  return (
    <section aria-labelledby={`documents-${paper.id}`} data-testid="documents-tab">
      <div className="flex flex-col gap-3">
        <div className="min-w-0">
          <h3 id={`documents-${paper.id}`} className="text-lg font-bold">Document Management</h3>
          <p className="mt-1 text-sm text-slate-600">The documents of {paper.name}: PDFs stored with the paper, at most {DOCUMENT_MAX_BYTES / MB} MB each.</p>
        </div>
        <div className="flex flex-wrap gap-2 max-sm:flex-col">
          <button type="button" className="btn-primary" onClick={() => setOpen({ kind: "add", type: "pastPaper" })}><PlusIcon /> Add Document</button>
          <button type="button" className="btn-outline" onClick={() => setOpen({ kind: "upload", type: "pastPaper" })}>Upload PDF</button>
          <button type="button" className="btn-outline" onClick={() => setOpen({ kind: "import" })}>Import Papers</button>
          <a className="btn-outline" href={SAVE_MY_EXAMS} target="_blank" rel="noopener noreferrer">Browse Save My Exams<span className="sr-only"> (opens in a new tab)</span></a>
        </div>
      </div>

      <div className="mt-4">
        <NoticeRegion notice={notice} />
        {failed && <p role="alert" className="text-sm text-red-800">Failed to fetch uploaded files. <button type="button" className="underline" onClick={() => void load()}>Try again</button></p>}
        {!failed && !files && <p className="text-sm text-slate-600">Loading documents…</p>}
        {files && SECTIONS.filter((s) => s.type !== "additionalResource" || files.some((f) => f.fileType === s.type)).map((section) => (
          <DocumentSection
            key={section.type}
            {...section}
            files={files.filter((f) => f.fileType === section.type)}
            onAdd={section.type === "additionalResource" ? undefined : () => setOpen({ kind: "add", type: section.type })}
            onDelete={(doc) => setOpen({ kind: "delete", doc })}
            extraction={section.type === "pastPaper" ? (doc) => <ExtractionCell doc={doc} onNotice={setNotice} onReview={() => setReviewing(doc)} /> : undefined}
          />
        ))}
        {reviewing && files?.some((f) => f.id === reviewing.id) && <ExtractionReview key={reviewing.id} doc={reviewing} onClose={() => setReviewing(null)} />}
      </div>

      {open?.kind === "add" && <AddDocumentDialog paper={paper} initialType={open.type} onClose={() => setOpen(null)} onDone={done} />}
      {open?.kind === "upload" && <UploadDialog paper={paper} initialType={open.type} onClose={() => setOpen(null)} onDone={done} />}
      {open?.kind === "import" && <ImportDialog paper={paper} onClose={() => setOpen(null)} onDone={done} />}
      {open?.kind === "delete" && <DeleteDialog doc={open.doc} onClose={() => setOpen(null)} onDone={done} />}
    </section>
  );
}

function DocumentSection({ type, title, empty, files, onAdd, onDelete, extraction }: {
  type: DocumentType;
  title: string;
  empty: string;
  files: DocumentInfo[];
  onAdd?: () => void;
  onDelete: (doc: DocumentInfo) => void;
  /** §2, §4: the extraction status column, on past papers only. */
  extraction?: (doc: DocumentInfo) => React.ReactNode;
}) {
  const withYear = type !== "specification";
  return (
    <section className="mt-5" aria-label={title} data-testid={`documents-${type}`}>
      <div className="flex items-center justify-between gap-2">
        <h4 className="font-semibold">{title}</h4>
        {onAdd && <button type="button" className="btn-outline px-3 py-1.5" onClick={onAdd} aria-label={`Add ${DOCUMENT_TYPE_LABELS[type]}`}><PlusIcon /> Add</button>}
      </div>
      {files.length === 0
        ? <p className="mt-2 rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600">{empty}</p>
        : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3">Document</th>
                  {withYear && <th scope="col" className="py-2 pr-3">Year</th>}
                  <th scope="col" className="py-2 pr-3">Added</th>
                  {extraction && <th scope="col" className="py-2 pr-3">Extraction</th>}
                  <th scope="col" className="py-2"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {files.map((f) => (
                  <tr key={f.id}>
                    <td className="py-2 pr-3">
                      <a href={f.fileUrl} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">{f.fileName}</a>
                      {f.tier && <span className="text-slate-600"> · {f.tier}</span>}
                      <span className="block text-xs text-slate-600">{fileSize(f.size)}{f.sourceUrl ? " · from the web" : " · uploaded"}</span>
                    </td>
                    {withYear && <td className="py-2 pr-3">{f.year ?? "—"}</td>}
                    <td className="whitespace-nowrap py-2 pr-3">{formatDate(f.uploadedAt)}</td>
                    {extraction && <td className="py-2 pr-3">{extraction(f)}</td>}
                    <td className="py-2 text-right">
                      <button type="button" className="btn-outline px-3 py-1.5 text-red-700" onClick={() => onDelete(f)} aria-label={`Delete ${f.fileName}`}><TrashIcon /></button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
    </section>
  );
}

const fileSize = (bytes: number) => (bytes < MB ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / MB).toFixed(1)} MB`);

/** A failed call's title and text, and each field's message for a 400. */
function problemOf(err: unknown, title: string): { problem: { title: string; text: string }; errors: Record<string, string> } {
  if (err instanceof ApiError) return { problem: { title, text: err.message }, errors: err.errors };
  return { problem: { title, text: (err as Error).message || "Please try again." }, errors: {} };
}

/** The type, year and name every way of adding a document asks for. */
function DocumentFields({ type, setType, year, setYear, name, setName, errors }: {
  type: DocumentType;
  setType: (t: DocumentType) => void;
  year: string;
  setYear: (y: string) => void;
  name: string;
  setName: (n: string) => void;
  errors: Record<string, string>;
}) {
  const id = useId();
  return (
    <>
      <Field id={`${id}-type`} label="Document type" error={errors.fileType}>
        {(d) => (
          <select id={`${id}-type`} className={inputClass(errors.fileType)} aria-describedby={d} value={type} onChange={(e) => setType(e.target.value as DocumentType)}>
            {MANUAL_DOCUMENT_TYPES.map((t) => <option key={t} value={t}>{DOCUMENT_TYPE_LABELS[t]}</option>)}
          </select>
        )}
      </Field>
      {type !== "specification" && (
        <Field id={`${id}-year`} label="Year" error={errors.year}>
          {(d) => (
            <select id={`${id}-year`} className={inputClass(errors.year)} aria-describedby={d} value={year} onChange={(e) => setYear(e.target.value)}>
              <option value="">Select a year</option>
              {documentYears().map((y) => <option key={y} value={y}>{y}</option>)}
            </select>
          )}
        </Field>
      )}
      <Field id={`${id}-name`} label="Name" error={errors.fileName}>
        {(d) => <input id={`${id}-name`} className={inputClass(errors.fileName)} aria-describedby={d} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />}
      </Field>
    </>
  );
}

/** §5 on the client too, so a slip is named before any request: the same messages as the server's. */
function checkFields(type: DocumentType, year: string, name: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!name.trim()) errors.fileName = DOCUMENT_MESSAGES.nameRequired;
  if (TYPES_WITH_YEAR.includes(type) && !year) errors.year = DOCUMENT_MESSAGES.yearRequired;
  return errors;
}

function DialogButtons({ busy, label, busyLabel, onClose, disabled = false }: { busy: boolean; label: string; busyLabel: string; onClose: () => void; disabled?: boolean }) {
  return (
    <div className="mt-6 flex justify-end gap-2">
      <button type="button" className="btn-outline" onClick={onClose} disabled={busy}>Cancel</button>
      <button type="submit" className="btn-primary" disabled={busy || disabled}>{busy ? busyLabel : label}</button>
    </div>
  );
}

function AddDocumentDialog({ paper, initialType, onClose, onDone }: { paper: Paper; initialType: DocumentType; onClose: () => void; onDone: (n: Notice) => void }) {
  const id = useId();
  const [type, setType] = useState<DocumentType>(initialType);
  const [year, setYear] = useState("");
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<{ title: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const local = checkFields(type, year, name);
    if (!url.trim()) local.fileUrl = DOCUMENT_MESSAGES.urlRequired;
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    setProblem(null);
    try {
      const body = { paperId: paper.id, fileType: type, fileName: name, fileUrl: url.trim(), year: type === "specification" ? undefined : Number(year) };
      await call("/api/document-urls", body);
      onDone({ tone: "success", title: "Document added", text: `${name.trim()} was fetched and stored.` });
    } catch (err) {
      const { problem, errors } = problemOf(err, "Failed to add document");
      setProblem(problem);
      setErrors(errors);
      setBusy(false);
    }
  }

  return (
    <Dialog title="Add Document" description="The server fetches the PDF at the address and stores it with the paper." onClose={onClose} busy={busy}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem && <ProblemAlert {...problem} />}
        <DocumentFields type={type} setType={setType} year={year} setYear={setYear} name={name} setName={setName} errors={errors} />
        <Field id={`${id}-url`} label="URL" error={errors.fileUrl}>
          {(d) => <input id={`${id}-url`} type="url" inputMode="url" className={inputClass(errors.fileUrl)} aria-describedby={d} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…/paper.pdf" />}
        </Field>
        <DialogButtons busy={busy} label="Add Document" busyLabel="Adding..." onClose={onClose} />
      </form>
    </Dialog>
  );
}

function UploadDialog({ paper, initialType, onClose, onDone }: { paper: Paper; initialType: DocumentType; onClose: () => void; onDone: (n: Notice) => void }) {
  const id = useId();
  const [type, setType] = useState<DocumentType>(initialType);
  const [year, setYear] = useState("");
  const [name, setName] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<{ title: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const local = checkFields(type, year, name);
    if (!file) local.file = "Please choose a PDF file.";
    else if (file.size > DOCUMENT_MAX_BYTES) local.file = `That file is ${(file.size / MB).toFixed(1)} MB: a document can be at most ${DOCUMENT_MAX_BYTES / MB} MB.`;
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    setProblem(null);
    try {
      const query = new URLSearchParams({ paperId: String(paper.id), fileType: type, fileName: name.trim() });
      if (type !== "specification") query.set("year", year);
      await upload(`/api/uploaded-files?${query}`, file!);
      onDone({ tone: "success", title: "Document uploaded", text: `${name.trim()} is stored with the paper.` });
    } catch (err) {
      const { problem, errors } = problemOf(err, "Upload failed");
      setProblem(problem);
      setErrors(errors);
      setBusy(false);
    }
  }

  return (
    <Dialog title="Upload PDF" description={`A PDF of at most ${DOCUMENT_MAX_BYTES / MB} MB; the server checks that it really is one.`} onClose={onClose} busy={busy}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem && <ProblemAlert {...problem} />}
        <DocumentFields type={type} setType={setType} year={year} setYear={setYear} name={name} setName={setName} errors={errors} />
        <Field id={`${id}-file`} label="PDF file" error={errors.file}>
          {(d) => (
            <input
              id={`${id}-file`}
              type="file"
              accept="application/pdf,.pdf"
              className="mt-1 block w-full text-sm"
              aria-describedby={d}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                if (chosen && !name.trim()) setName(chosen.name.replace(/\.pdf$/i, ""));
              }}
            />
          )}
        </Field>
        <DialogButtons busy={busy} label="Upload" busyLabel="Uploading..." onClose={onClose} />
      </form>
    </Dialog>
  );
}

interface Candidate {
  selected: boolean;
  title: string;
  url: string;
  year: number | null;
  paperType: DocumentType;
  tier: DocumentTier | null;
}

function ImportDialog({ paper, onClose, onDone }: { paper: Paper; onClose: () => void; onDone: (n: Notice) => void }) {
  const id = useId();
  const [url, setUrl] = useState("");
  const [level, setLevel] = useState<DocumentTier>("Higher");
  const [found, setFound] = useState<Candidate[] | null>(null);
  const [problem, setProblem] = useState<{ title: string; text: string } | null>(null);
  const [urlError, setUrlError] = useState<string | undefined>();
  const [busy, setBusy] = useState<"extract" | "import" | null>(null);
  const selected = found?.filter((c) => c.selected) ?? [];

  async function extract() {
    if (!url.trim()) return setUrlError(DOCUMENT_MESSAGES.importUrlRequired);
    setUrlError(undefined);
    setBusy("extract");
    setProblem(null);
    try {
      const { papers } = await call<{ papers: Omit<Candidate, "selected">[] }>("/api/extract-papers", { url: url.trim(), paperLevel: level });
      setFound(papers.map((p) => ({ ...p, selected: true })));
    } catch (err) {
      const { problem, errors } = problemOf(err, "Extraction failed");
      setProblem(problem);
      setUrlError(errors.url);
    }
    setBusy(null);
  }

  async function importSelected(e: React.FormEvent) {
    e.preventDefault();
    if (!selected.length) return setProblem({ title: "Nothing to import", text: DOCUMENT_MESSAGES.importNoneSelected });
    setBusy("import");
    setProblem(null);
    try {
      const papers = selected.map(({ title, url, year, paperType, tier }) => ({ title, url, year: paperType === "specification" ? undefined : year ?? undefined, paperType, tier: tier ?? undefined }));
      const result = await call<{ count: number; skipped: number }>("/api/import-papers", { paperId: paper.id, papers });
      const skipped = result.skipped ? ` ${result.skipped} the paper already had ${result.skipped === 1 ? "was" : "were"} skipped.` : "";
      onDone({ tone: "success", title: "Papers imported", text: `${result.count} document${result.count === 1 ? "" : "s"} imported.${skipped}` });
    } catch (err) {
      setProblem(problemOf(err, "Import failed").problem);
      setBusy(null);
    }
  }

  const edit = (i: number, change: Partial<Candidate>) => setFound((list) => list!.map((c, j) => (j === i ? { ...c, ...change } : c)));

  return (
    <Dialog title="Import Papers from External Website" description="The server reads the page and lists the PDFs it links to; choose which to store." onClose={onClose} busy={busy !== null}>
      <form onSubmit={importSelected} noValidate>
        {problem && <ProblemAlert {...problem} />}
        <div className="space-y-4">
          <Field id={`${id}-url`} label="Website URL" error={urlError}>
            {(d) => <input id={`${id}-url`} type="url" inputMode="url" className={inputClass(urlError)} aria-describedby={d} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://www.examboard.org.uk/…/past-papers" />}
          </Field>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Paper level</legend>
            <div className="mt-1 flex gap-4 text-sm">
              {DOCUMENT_TIERS.slice().reverse().map((t) => (
                <label key={t} className="flex items-center gap-2">
                  <input type="radio" name={`${id}-level`} value={t} checked={level === t} onChange={() => setLevel(t)} /> {t}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="button" className="btn-outline" onClick={() => void extract()} disabled={busy !== null}>{busy === "extract" ? "Extracting..." : "Extract Papers"}</button>
        </div>

        {found && (
          <div className="mt-5">
            <p className="text-sm text-slate-700" role="status">{found.length ? `${found.length} paper${found.length === 1 ? "" : "s"} found.` : "No papers were found on that page."}</p>
            {found.length > 0 && (
              <div className="mt-2 max-h-[400px] overflow-y-auto rounded-lg border border-slate-200" data-testid="import-candidates">
                <ul className="divide-y divide-slate-200">
                  {found.map((c, i) => (
                    <li key={c.url} className="space-y-2 p-3">
                      <div className="flex items-start gap-2">
                        <input type="checkbox" className="mt-2" checked={c.selected} onChange={(e) => edit(i, { selected: e.target.checked })} aria-label={`Import ${c.title}`} />
                        <input className={`${inputClass()} mt-0`} value={c.title} onChange={(e) => edit(i, { title: e.target.value })} aria-label={`Title of paper ${i + 1}`} maxLength={200} />
                      </div>
                      <div className="flex flex-wrap items-center gap-2 pl-6">
                        <select className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm" value={c.paperType} onChange={(e) => edit(i, { paperType: e.target.value as DocumentType })} aria-label={`Type of ${c.title}`}>
                          {DOCUMENT_TYPES.map((t) => <option key={t} value={t}>{DOCUMENT_TYPE_LABELS[t]}</option>)}
                        </select>
                        {c.paperType !== "specification" && (
                          <select className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm" value={c.year ?? ""} onChange={(e) => edit(i, { year: e.target.value ? Number(e.target.value) : null })} aria-label={`Year of ${c.title}`}>
                            <option value="">Year</option>
                            {documentYears().map((y) => <option key={y} value={y}>{y}</option>)}
                          </select>
                        )}
                        <a href={c.url} target="_blank" rel="noopener noreferrer" className="text-sm font-medium text-brand-700 underline">View original<span className="sr-only"> of {c.title} (opens in a new tab)</span></a>
                      </div>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
        <DialogButtons busy={busy === "import"} label={`OK (${selected.length} selected)`} busyLabel="Importing..." onClose={onClose} disabled={!selected.length || busy !== null} />
      </form>
    </Dialog>
  );
}

function DeleteDialog({ doc, onClose, onDone }: { doc: DocumentInfo; onClose: () => void; onDone: (n: Notice) => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ title: string; text: string } | null>(null);
  async function remove() {
    setBusy(true);
    try {
      await call(`/api/uploaded-files/${doc.id}`, undefined, "DELETE");
      onDone({ tone: "success", title: "Document deleted", text: `${doc.fileName} was deleted.` });
    } catch (err) {
      setProblem(problemOf(err, "Delete failed").problem);
      setBusy(false);
    }
  }
  return (
    <Dialog title="Confirm Deletion" description="Are you sure you want to delete this document? This action cannot be undone." onClose={onClose} busy={busy}>
      {problem && <ProblemAlert {...problem} />}
      <p className="text-sm text-slate-700">{doc.fileName}</p>
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onClose} disabled={busy}>Cancel</button>
        <button type="button" className="btn-primary bg-red-700 hover:bg-red-800" onClick={() => void remove()} disabled={busy}>{busy ? "Deleting..." : "Delete"}</button>
      </div>
    </Dialog>
  );
}
