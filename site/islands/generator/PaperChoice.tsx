// Which paper the generator makes: subject, exam board, level, paper and tier, each kept to what the
// catalogue offers, with the papers not yet available.
import { DEFAULT_PAPER_NAME, GENERATION_SUBJECTS } from "../../../shared/constants.ts";
import { type GeneratablePaper, type GeneratorCatalogue, papersFor } from "../../stores/catalogue.ts";
import { formatMinutes, RadioGroup, Select } from "./fields.tsx";

export interface Selection {
  subject: string;
  examBoard: string;
  level: string;
  paperName: string;
  tier: string;
}

export const EMPTY_SELECTION: Selection = { subject: "", examBoard: "", level: "", paperName: "", tier: "" };

/** Brings a selection to something the catalogue offers: each choice kept if still on offer, else the first. */
export function settle(c: GeneratorCatalogue, want: Partial<Selection>): Selection {
  const offeredSubjects = c.subjects.filter((s) => c.papers.some((p) => p.subject === s));
  const subject = want.subject && offeredSubjects.includes(want.subject)
    ? want.subject
    : (GENERATION_SUBJECTS.find((s) => offeredSubjects.includes(s)) ?? offeredSubjects[0] ?? "");
  const boards = c.examBoards.map((b) => b.name).filter((b) => c.papers.some((p) => p.subject === subject && p.examBoard === b));
  const examBoard = want.examBoard && boards.includes(want.examBoard) ? want.examBoard : boards[0] ?? "";
  const levels = c.levels.filter((l) => papersFor(c, subject, examBoard, l).length > 0);
  const level = want.level && levels.includes(want.level) ? want.level : levels[0] ?? "";
  const papers = papersFor(c, subject, examBoard, level);
  const paper = papers.find((p) => p.name === want.paperName) ?? papers.find((p) => p.name.startsWith(DEFAULT_PAPER_NAME)) ?? papers[0];
  const tier = paper?.tiers.includes(want.tier ?? "") ? want.tier! : paper?.tiers[0] ?? "";
  return { subject, examBoard, level, paperName: paper?.name ?? "", tier };
}

export function PaperChoice({ catalogue, selection, setSelection, paper, errors }: {
  catalogue: GeneratorCatalogue;
  selection: Selection;
  setSelection: (s: Selection) => void;
  paper: GeneratablePaper | undefined;
  errors: Record<string, string>;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Subject"
          value={selection.subject}
          onChange={(v) => setSelection(settle(catalogue, { ...selection, subject: v }))}
          error={errors.subject}
        >
          {catalogue.subjects.filter((s) => catalogue.papers.some((p) => p.subject === s)).map((s) => <option key={s} value={s}>{s}</option>)}
          <optgroup label="Coming soon">
            {catalogue.subjects.filter((s) => !catalogue.papers.some((p) => p.subject === s)).map((s) => (
              <option key={s} value={s} disabled>{s} (coming soon)</option>
            ))}
          </optgroup>
        </Select>
        <Select
          label="Exam board"
          value={selection.examBoard}
          onChange={(v) => setSelection(settle(catalogue, { ...selection, examBoard: v }))}
          error={errors.examBoard}
        >
          {catalogue.examBoards.map((b) => {
            const offered = catalogue.papers.some((p) => p.subject === selection.subject && p.examBoard === b.name);
            return (
              <option key={b.name} value={b.name} disabled={!offered}>
                {b.name}
                {offered ? "" : b.available ? ` (no ${selection.subject} papers yet)` : " (coming soon)"}
              </option>
            );
          })}
        </Select>
        <Select
          label="Level"
          value={selection.level}
          onChange={(v) => setSelection(settle(catalogue, { ...selection, level: v }))}
          error={errors.level}
        >
          {catalogue.levels.map((l) => {
            const offered = papersFor(catalogue, selection.subject, selection.examBoard, l).length > 0;
            return <option key={l} value={l} disabled={!offered}>{l}{offered ? "" : " (coming soon)"}</option>;
          })}
        </Select>
        <Select
          label="Paper"
          value={selection.paperName}
          onChange={(v) => setSelection(settle(catalogue, { ...selection, paperName: v }))}
          error={errors.paperName}
          hint={paper ? `${paper.code} · ${formatMinutes(paper.timeMinutes)} · ${paper.totalMarks} marks` : undefined}
        >
          {papersFor(catalogue, selection.subject, selection.examBoard, selection.level).map((p) => <option key={p.id} value={p.name}>{p.name}</option>)}
        </Select>
      </div>
      <PendingNotes catalogue={catalogue} subject={selection.subject} />

      {paper && paper.tiers.length > 0 && (
        <RadioGroup
          legend="Tier"
          name="tier"
          value={selection.tier}
          onChange={(v) => setSelection({ ...selection, tier: v })}
          choices={paper.tiers.map((t) => ({ value: t, label: t, text: t === "Higher" ? "Grades 4 to 9" : "Grades 1 to 5" }))}
          columns
        />
      )}
    </>
  );
}

function PendingNotes({ catalogue, subject }: { catalogue: GeneratorCatalogue; subject: string }) {
  const pending = catalogue.notYetAvailable.filter((p) => p.subject === subject);
  if (!pending.length) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700" data-testid="pending-papers">
      <p className="font-semibold">Not yet available</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {pending.map((p) => <li key={p.id}>{p.examBoard} {p.level} {p.subject} {p.name}: {p.reason}</li>)}
      </ul>
    </div>
  );
}
