// /exam-papers (admin-tools.md §2 Exam Papers, §5 Paper form, §7, §8): cascading columns subject →
// exam board → level → papers, each with a plus button and its add dialog, and the selected paper's
// detail card. The lists come from GET /api/catalogue (fresh, not the 5-minute public cache), and the
// admin's stored defaults preselect the columns.
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { Paper } from "../../../shared/schemas.ts";
import { type AdminDefaults, type PaperDetails, paperDetailsSchema } from "../../../shared/catalogue.ts";
import { formatDate } from "../../../shared/format.ts";
import { ApiError, call } from "../api.ts";
import { Dialog } from "../Dialog.tsx";
import { boardsFor, type Catalogue, freshName, levelsFor, loadCatalogue, papersFor, select, type Selection, validSelection } from "./catalogue.ts";
import { PaperDetail } from "./PaperDetail.tsx";
import { Field, inputClass, type Notice, NoticeRegion, PlusIcon, ProblemAlert, SubjectIcon } from "../ui.tsx";

type Open =
  | { kind: "subject" }
  | { kind: "board" }
  | { kind: "level" }
  | { kind: "paper" }
  | { kind: "edit"; paper: Paper }
  | { kind: "delete"; paper: Paper }
  | null;

export const DELETE_WARNING = "This will permanently delete the paper and all associated data.";
const message = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);

export function ExamPapers() {
  const [cat, setCat] = useState<Catalogue | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [sel, setSel] = useState<Selection>({});
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function reload(next?: Selection) {
    try {
      const fresh = await loadCatalogue();
      setCat(fresh);
      if (next) setSel(validSelection(fresh, next));
      return fresh;
    } catch {
      setLoadFailed(true);
      return null;
    }
  }

  useEffect(() => {
    // The admin's defaults (§3) preselect the columns; without any the columns start empty.
    Promise.all([loadCatalogue(), call<AdminDefaults>("/api/admin/defaults").catch(() => null)]).then(
      ([fresh, defaults]) => {
        setCat(fresh);
        if (defaults) {
          const wanted: Selection = { subject: defaults.defaultSubject, board: defaults.defaultExamBoard, level: defaults.defaultLevel };
          const paper = defaults.defaultPaper ? papersFor(fresh, wanted).find((p) => p.name === defaults.defaultPaper) : undefined;
          setSel(validSelection(fresh, { ...wanted, paperId: paper?.id }));
        }
      },
      () => setLoadFailed(true),
    );
  }, []);

  if (loadFailed) return <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">The catalogue could not be loaded. Please refresh the page.</p>;
  if (!cat) return <p className="text-sm text-slate-600">Loading the catalogue…</p>;

  const boards = boardsFor(cat, sel.subject);
  const levels = levelsFor(cat, sel.subject, sel.board);
  const papers = papersFor(cat, sel);
  const paper = papers.find((p) => p.id === sel.paperId);
  const close = () => setOpen(null);
  const done = async (text: string, next: Selection) => {
    setOpen(null);
    setNotice({ tone: "success", title: "Success", text });
    await reload(next);
  };

  return (
    <div data-testid="exam-papers">
      <NoticeRegion notice={notice} />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <Column title="Subjects" addLabel="Add subject" onAdd={() => setOpen({ kind: "subject" })}>
          {cat.subjects.length === 0 ? <Empty>No subjects yet.</Empty> : (
            <ChoiceList
              label="Subjects"
              items={cat.subjects.map((s) => ({ key: s.name, label: s.name, icon: <SubjectIcon subject={s.name} /> }))}
              selected={sel.subject}
              onSelect={(name) => setSel(select(cat, sel, "subject", name))}
            />
          )}
        </Column>
        <Column title="Exam Boards" addLabel="Add exam board" onAdd={() => setOpen({ kind: "board" })} addDisabledReason={sel.subject ? undefined : "Choose a subject first"}>
          {!sel.subject ? <Empty>Choose a subject to see its exam boards.</Empty> : boards.length === 0 ? <Empty>No exam boards offer {sel.subject} yet.</Empty> : (
            <ChoiceList label="Exam boards" items={boards.map((b) => ({ key: b.name, label: b.name }))} selected={sel.board} onSelect={(name) => setSel(select(cat, sel, "board", name))} />
          )}
        </Column>
        <Column title="Qualification Levels" addLabel="Add level" onAdd={() => setOpen({ kind: "level" })} addDisabledReason={sel.board ? undefined : "Choose an exam board first"}>
          {!sel.board ? <Empty>Choose an exam board to see its levels.</Empty> : levels.length === 0 ? <Empty>No levels yet.</Empty> : (
            <ChoiceList label="Levels" items={levels.map((l) => ({ key: l.name, label: l.name }))} selected={sel.level} onSelect={(name) => setSel(select(cat, sel, "level", name))} />
          )}
        </Column>
        <Column title="Papers" addLabel="Add paper" onAdd={() => setOpen({ kind: "paper" })}>
          {!sel.level ? <Empty>Choose a level to see its papers.</Empty> : papers.length === 0 ? (
            <div className="rounded-lg border border-dashed border-slate-300 px-3 py-6 text-center">
              <p className="text-sm font-semibold text-slate-800">No papers found</p>
              <button type="button" className="btn-primary mt-3" onClick={() => setOpen({ kind: "paper" })}><PlusIcon /> Add New Paper</button>
            </div>
          ) : (
            <ChoiceList
              label="Papers"
              items={papers.map((p) => ({ key: String(p.id), label: p.name, detail: p.examDate ? formatDate(p.examDate) : "No exam date" }))}
              selected={sel.paperId === undefined ? undefined : String(sel.paperId)}
              onSelect={(id) => setSel({ ...sel, paperId: Number(id) })}
            />
          )}
        </Column>
      </div>

      <div className="mt-6">
        {paper ? (
          <PaperDetail
            paper={paper}
            onEdit={() => setOpen({ kind: "edit", paper })}
            onDelete={() => setOpen({ kind: "delete", paper })}
            onSaved={(saved) => setCat((c) => c && { ...c, papers: c.papers.map((p) => (p.id === saved.id ? saved : p)) })}
          />
        ) : (
          <div className="card px-6 py-10 text-center" data-testid="select-options">
            <h2 className="text-lg font-bold">Select Options</h2>
            <p className="mt-1 text-sm text-slate-600">Choose a subject, exam board, level and paper to see the paper's details, documents, structure and study topics.</p>
            <button type="button" className="btn-primary mt-4" onClick={() => setOpen({ kind: "paper" })}><PlusIcon /> Create New Paper</button>
          </div>
        )}
      </div>

      {open?.kind === "subject" && (
        <NameDialog
          title="Add Subject"
          label="Subject name"
          taken={cat.subjects.map((s) => s.name)}
          failure="Failed to add subject"
          onClose={close}
          onSubmit={async (name) => {
            await call("/api/subjects", { name });
            await done("Subject added successfully.", { subject: name });
          }}
        />
      )}
      {open?.kind === "board" && sel.subject && (
        <OfferingDialog
          kind="board"
          cat={cat}
          subject={sel.subject}
          board={undefined}
          onClose={close}
          onAdded={(board, level) => done(`${board} now offers ${sel.subject} at ${level}.`, { subject: sel.subject, board, level })}
        />
      )}
      {open?.kind === "level" && sel.subject && sel.board && (
        <OfferingDialog
          kind="level"
          cat={cat}
          subject={sel.subject}
          board={sel.board}
          onClose={close}
          onAdded={(board, level) => done(`${board} now offers ${sel.subject} at ${level}.`, { subject: sel.subject, board, level })}
        />
      )}
      {(open?.kind === "paper" || open?.kind === "edit") && (
        <PaperDialog
          cat={cat}
          selection={sel}
          paper={open.kind === "edit" ? open.paper : undefined}
          onClose={close}
          onSaved={(saved, created) =>
            done(created ? `${saved.name} was created.` : `${saved.name} was updated.`, { subject: saved.subject, board: saved.examBoard, level: saved.level || sel.level, paperId: saved.id })}
        />
      )}
      {open?.kind === "delete" && (
        <DeleteDialog
          paper={open.paper}
          onClose={close}
          onDeleted={() => done(`${open.paper.name} was deleted.`, { subject: sel.subject, board: sel.board, level: sel.level })}
        />
      )}
    </div>
  );
}

function Column({ title, addLabel, onAdd, addDisabledReason, children }: { title: string; addLabel: string; onAdd(): void; addDisabledReason?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card flex flex-col p-4 md:min-h-[12rem]" aria-labelledby={`${id}-title`}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="font-bold">{title}</h2>
        <button
          type="button"
          className="btn-outline px-2 py-1"
          aria-label={addLabel}
          title={addDisabledReason ?? addLabel}
          disabled={Boolean(addDisabledReason)}
          onClick={onAdd}
        >
          <PlusIcon />
        </button>
      </div>
      <div className="relative max-h-80 flex-1 overflow-y-auto">{children}</div>
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-slate-600">{children}</p>;

function ChoiceList({ label, items, selected, onSelect }: { label: string; items: { key: string; label: string; detail?: string; icon?: ReactNode }[]; selected?: string; onSelect(key: string): void }) {
  const list = useRef<HTMLUListElement>(null);
  // A preselected item further down a long list (the admin's default subject) is scrolled into the
  // column's view; only the column scrolls, never the page.
  useEffect(() => {
    const ul = list.current;
    const scroller = ul?.parentElement;
    const active = ul?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!scroller || !active) return;
    const top = active.offsetTop;
    if (top < scroller.scrollTop || top + active.offsetHeight > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = top - 8;
  }, [selected]);
  return (
    <ul ref={list} aria-label={label} className="space-y-1">
      {items.map((item) => {
        const active = item.key === selected;
        return (
          <li key={item.key}>
            <button
              type="button"
              aria-pressed={active}
              onClick={() => onSelect(item.key)}
              className={`flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm ${active ? "bg-brand-600 text-white" : "text-slate-800 hover:bg-slate-100"}`}
            >
              {item.icon && <span className={active ? "[&_svg]:text-white" : ""}>{item.icon}</span>}
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{item.label}</span>
                {item.detail && <span className={`block text-xs ${active ? "text-brand-50" : "text-slate-600"}`}>{item.detail}</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Add Subject: a name not already in the list (§5; the button is disabled otherwise). */
function NameDialog({ title, label, taken, failure, onClose, onSubmit }: { title: string; label: string; taken: string[]; failure: string; onClose(): void; onSubmit(name: string): Promise<void> }) {
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const name = freshName(value, taken);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name) return;
    setBusy(true);
    try {
      await onSubmit(name);
    } catch (err) {
      setProblem(message(err, "Please try again."));
      setBusy(false);
    }
  }
  return (
    <Dialog title={title} onClose={onClose} busy={busy}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem && <ProblemAlert title={failure} text={problem} />}
        <Field id={id} label={label} hint={value.trim() && !name ? "That name is already in the list." : undefined}>
          {(d) => <input id={id} value={value} maxLength={80} autoComplete="off" aria-describedby={d} className={inputClass()} onChange={(e) => setValue(e.target.value)} />}
        </Field>
        <DialogButtons busy={busy} disabled={!name} submit="Add" onClose={onClose} />
      </form>
    </Dialog>
  );
}

/**
 * Add Exam Board (a board, new or existing, and the level it offers the subject at) or Add Level (a
 * level, new or existing, for the selected board): a new record first, then the offering.
 */
function OfferingDialog({ kind, cat, subject, board, onClose, onAdded }: { kind: "board" | "level"; cat: Catalogue; subject: string; board?: string; onClose(): void; onAdded(board: string, level: string): Promise<void> }) {
  const [value, setValue] = useState("");
  const [level, setLevel] = useState(cat.levels[0]?.name ?? "");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const listId = `${id}-existing`;
  const offered = kind === "board" ? boardsFor(cat, subject).filter((b) => levelsFor(cat, subject, b.name).some((l) => l.name === level)).map((b) => b.name) : levelsFor(cat, subject, board).map((l) => l.name);
  const name = freshName(value, offered);
  const records = kind === "board" ? cat.examBoards : cat.levels;
  const existing = records.find((r) => r.name.toLowerCase() === name?.toLowerCase());
  const what = kind === "board" ? "exam board" : "qualification level";

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name || (kind === "board" && !level)) return;
    setBusy(true);
    try {
      const recordName = existing?.name ?? name;
      if (!existing) await call(kind === "board" ? "/api/exam-boards" : "/api/levels", { name: recordName });
      const b = kind === "board" ? recordName : board!;
      const l = kind === "board" ? level : recordName;
      await call("/api/offerings", { subject, examBoard: b, level: l });
      await onAdded(b, l);
    } catch (err) {
      // §8: 'Failed to add exam board (or qualification level). Please try again.', with the server's reason.
      setProblem(`${message(err, "")} Failed to add ${what}. Please try again.`.trim());
      setBusy(false);
    }
  }
  return (
    <Dialog
      title={kind === "board" ? "Add Exam Board" : "Add Qualification Level"}
      description={kind === "board" ? `An exam board that offers ${subject}.` : `A level at which ${board} offers ${subject}.`}
      onClose={onClose}
      busy={busy}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem && <ProblemAlert title="Error" text={problem} />}
        <Field id={id} label={kind === "board" ? "Exam board name" : "Level name"} hint={value.trim() && !name ? "Already offered: it is in the list." : existing ? `${existing.name} is in the catalogue: it will be offered here.` : value.trim() ? `A new ${what} will be added to the catalogue.` : undefined}>
          {(d) => <input id={id} list={listId} value={value} maxLength={80} autoComplete="off" aria-describedby={d} className={inputClass()} onChange={(e) => setValue(e.target.value)} />}
        </Field>
        <datalist id={listId}>{records.map((r) => <option key={r.id} value={r.name} />)}</datalist>
        {kind === "board" && (
          <Field id={`${id}-level`} label="Offered at level">
            {() => (
              <select id={`${id}-level`} value={level} className={inputClass()} onChange={(e) => setLevel(e.target.value)}>
                {cat.levels.map((l) => <option key={l.id}>{l.name}</option>)}
              </select>
            )}
          </Field>
        )}
        <DialogButtons busy={busy} disabled={!name} submit="Add" onClose={onClose} />
      </form>
    </Dialog>
  );
}

/**
 * Add Paper and Edit Paper (§5 Paper form): a name of at least 3 characters; subject, board and level
 * pre-filled from the selection and shown only when the selection lacks one (always when editing).
 */
function PaperDialog({ cat, selection, paper, onClose, onSaved }: { cat: Catalogue; selection: Selection; paper?: Paper; onClose(): void; onSaved(paper: Paper, created: boolean): Promise<void> }) {
  const [values, setValues] = useState({
    name: paper?.name ?? "",
    subject: paper?.subject ?? selection.subject ?? "",
    examBoard: paper?.examBoard ?? selection.board ?? "",
    level: paper?.level ?? selection.level ?? "",
    subjectCode: paper?.subjectCode ?? "",
    examDate: paper?.examDate ?? "",
    description: paper?.description ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<{ title: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const showPlace = Boolean(paper) || !(selection.subject && selection.board && selection.level);
  const set = (k: keyof typeof values, v: string) => setValues((s) => ({ ...s, [k]: v }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = paperDetailsSchema.safeParse(values);
    if (!parsed.success) {
      const errs: Record<string, string> = {};
      for (const issue of parsed.error.issues) errs[String(issue.path[0])] ??= issue.message;
      setErrors(errs);
      // §8: the first error, as 'Validation Error'.
      setProblem({ title: "Validation Error", text: parsed.error.issues[0].message });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const body: PaperDetails = parsed.data;
      const saved = paper ? await call<Paper>(`/api/papers/${paper.id}`, body, "PATCH") : await call<Paper>("/api/papers", body);
      await onSaved(saved, !paper);
    } catch (err) {
      setProblem({ title: "Error", text: paper ? `Failed to update paper: ${message(err, "Please try again.")}` : `Failed to create paper: ${message(err, "Please try again.")}` });
      setBusy(false);
    }
  }

  const text = (k: keyof typeof values, label: string, opts: { type?: string; max?: number; hint?: string; list?: string } = {}) => (
    <Field id={`${id}-${k}`} label={label} error={errors[k]} hint={opts.hint}>
      {(d) => (
        <input
          id={`${id}-${k}`}
          type={opts.type ?? "text"}
          list={opts.list}
          value={values[k]}
          maxLength={opts.max}
          aria-invalid={errors[k] ? true : undefined}
          aria-describedby={d}
          className={inputClass(errors[k])}
          onChange={(e) => set(k, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <Dialog
      title={paper ? "Edit Paper" : "Add Paper"}
      description={showPlace ? undefined : `${selection.board} ${selection.subject}, ${selection.level}`}
      onClose={onClose}
      busy={busy}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem && <ProblemAlert title={problem.title} text={problem.text} />}
        {text("name", "Paper name", { max: 120, hint: "At least 3 characters, e.g. Paper 1 - Christianity." })}
        {showPlace && (
          <>
            {text("subject", "Subject", { list: `${id}-subjects`, max: 120 })}
            {text("examBoard", "Exam board", { list: `${id}-boards`, max: 120 })}
            {text("level", "Level", { list: `${id}-levels`, max: 120 })}
            <datalist id={`${id}-subjects`}>{cat.subjects.map((s) => <option key={s.id} value={s.name} />)}</datalist>
            <datalist id={`${id}-boards`}>{cat.examBoards.map((s) => <option key={s.id} value={s.name} />)}</datalist>
            <datalist id={`${id}-levels`}>{cat.levels.map((s) => <option key={s.id} value={s.name} />)}</datalist>
          </>
        )}
        {text("subjectCode", "Subject code (optional)", { max: 40 })}
        {text("examDate", "Exam date (optional)", { type: "date" })}
        <Field id={`${id}-description`} label="Description (optional)" error={errors.description}>
          {(d) => <textarea id={`${id}-description`} rows={3} maxLength={2000} value={values.description} aria-describedby={d} className={inputClass(errors.description)} onChange={(e) => set("description", e.target.value)} />}
        </Field>
        <DialogButtons busy={busy} submit={paper ? "Save Changes" : "Create Paper"} onClose={onClose} />
      </form>
    </Dialog>
  );
}

function DeleteDialog({ paper, onClose, onDeleted }: { paper: Paper; onClose(): void; onDeleted(): Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    try {
      await call(`/api/papers/${paper.id}`, undefined, "DELETE");
      await onDeleted();
    } catch (err) {
      setProblem(message(err, "Please try again."));
      setBusy(false);
    }
  }
  return (
    <Dialog title={`Delete ${paper.name}?`} description={DELETE_WARNING} onClose={onClose} busy={busy}>
      {problem && <ProblemAlert title="Error" text={problem} />}
      <p className="text-sm text-slate-700">Its documents, structure, study topics and bank questions go with it. Students keep the papers they have already generated.</p>
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className="btn-outline" disabled={busy} onClick={onClose}>Cancel</button>
        <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy} onClick={confirm}>{busy ? "Deleting…" : "Delete Paper"}</button>
      </div>
    </Dialog>
  );
}

function DialogButtons({ busy, disabled = false, submit, onClose }: { busy: boolean; disabled?: boolean; submit: string; onClose(): void }) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <button type="button" className="btn-outline" disabled={busy} onClick={onClose}>Cancel</button>
      <button type="submit" className="btn-primary" disabled={busy || disabled}>{busy ? "Saving…" : submit}</button>
    </div>
  );
}
