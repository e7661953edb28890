// Recreation testing (admin-tools.md §2, §3 Recreation result): the extracted paper printed again as a
// PDF by the paper engine (api/papers/pdf renderPaperPdf) from the extracted data alone, that PDF
// extracted again, and the two extractions compared with accuracyOf: a question matches when it comes
// back with its number and marks. The engine prints AQA's numbering ("0 1 . 2") whatever the
// original's convention, so each printed number is mapped back to the original part it was printed for.
import { DEFAULT_GENERATION_OPTIONS, type DocPart, type DocQuestion, type DocSection, type PaperDocument } from "../../../shared/generation.ts";
import type { RecreationResult } from "../../../shared/extraction-testing.ts";
import { renderPaperPdf } from "../../papers/pdf/index.ts";
import { accuracyOf, type TruthQuestion } from "../accuracy.ts";
import { type ExtractedQuestion, extractPdf, type PaperExtraction } from "../extract.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
const pad2 = (n: number) => String(n).padStart(2, "0");

function contentOf(q: ExtractedQuestion, includeTables: boolean): string {
  let html = q.text ? `<p>${escapeHtml(q.text)}</p>` : "";
  if (includeTables && q.table) {
    const row = (cells: string[], tag: "th" | "td") => `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join("")}</tr>`;
    html += `<table>${row(q.table.header, "th")}${q.table.rows.map((r) => row(r, "td")).join("")}</table>`;
  }
  return html || "<p></p>";
}

/** The PaperDocument of an extraction, and for each number it prints the original part's number. */
export function paperDocumentOf(ex: PaperExtraction, fileName: string, { includeTables = true } = {}): { doc: PaperDocument; printedFor: Map<string, string> } {
  const printedFor = new Map<string, string>();
  const sections: DocSection[] = [];
  const byQuestion = new Map<string, ExtractedQuestion[]>();
  for (const q of ex.questions) {
    const key = `${q.section}\u0000${q.question}`;
    byQuestion.set(key, [...(byQuestion.get(key) ?? []), q]);
  }
  for (const parts of byQuestion.values()) {
    const first = parts[0];
    let section = sections.at(-1);
    if (!section || section.name !== first.section) sections.push(section = { name: first.section, questions: [] });
    const docParts: DocPart[] = parts.map((q, k) => {
      const number = parts.length === 1 ? pad2(q.question) : `${pad2(q.question)}.${k + 1}`;
      printedFor.set(number, q.number);
      const marks = q.marks ?? 0;
      return { number, marks, content: contentOf(q, includeTables), options: q.options ?? undefined, answerLines: q.options ? 0 : Math.min(Math.max(marks, 1) * 2, 12), markScheme: "", modelAnswer: "" };
    });
    const question: DocQuestion = {
      number: first.question,
      marks: docParts.reduce((n, p) => n + p.marks, 0),
      items: [{ questionId: `extracted-${first.question}`, topic: "", topicName: "", origin: "past", attribution: "", stem: first.stem ? `<p>${escapeHtml(first.stem)}</p>` : undefined, parts: docParts }],
    };
    section.questions.push(question);
  }
  const c = ex.cover;
  const totalMarks = ex.questions.reduce((n, q) => n + (q.marks ?? 0), 0);
  const subject = c.subject ?? "Unknown subject";
  const doc: PaperDocument = {
    version: 1,
    kind: "past",
    name: `${fileName} (recreated)`,
    examBoard: c.board ?? "Unknown board",
    qualification: c.level ?? "GCSE",
    subject,
    title: subject,
    paperName: fileName,
    paperTitle: c.paperCode ? `Paper ${c.paperCode}` : fileName,
    code: c.paperCode ?? "",
    level: c.level ?? "GCSE",
    tier: c.tier ?? undefined,
    timeMinutes: c.timeMinutes ?? 90,
    totalMarks,
    spagMarks: 0,
    materials: [],
    instructions: ["Answer all questions in the spaces provided."],
    information: [`The maximum mark for this paper is ${totalMarks}.`],
    options: { ...DEFAULT_GENERATION_OPTIONS, includeMarkScheme: false },
    sections,
    notice: "Recreated by ExamPrep's extraction testing from the extracted data: not an official paper.",
    generatedAt: new Date().toISOString(),
  };
  return { doc, printedFor };
}

const truthOf = (q: ExtractedQuestion): TruthQuestion => ({ number: q.number, marks: q.marks ?? 0, text: q.text, options: q.options, table: q.table });

/** Prints the extraction as a PDF, extracts that again and scores how closely the two match. */
export async function recreatePaper(ex: PaperExtraction, fileName: string, options: { includeDiagrams: boolean }) {
  const { doc, printedFor } = paperDocumentOf(ex, fileName, { includeTables: options.includeDiagrams });
  const bytes = await renderPaperPdf(doc);
  const again = await extractPdf(bytes, { ocr: false });
  const mapped = again.questions.map((q) => ({ ...q, number: printedFor.get(q.number) ?? `${q.number} (not printed)`, marks: q.marks }));
  const acc = accuracyOf(ex.questions.map(truthOf), mapped);
  const errors = [
    ...acc.missing.map((n) => `Question ${n} was not found in the recreated paper.`),
    ...acc.wrongMarks.map((w) => `Marks differ for ${w}.`),
    ...acc.invented.map((n) => `The recreated paper has a question the extraction does not: ${n}.`),
  ];
  const warnings: string[] = [];
  if (acc.found - acc.textMatched > 0) warnings.push(`${acc.found - acc.textMatched} matched question${acc.found - acc.textMatched === 1 ? "'s" : "s'"} text differs by more than 10% of its words.`);
  if (acc.tablesTotal > acc.tablesMatched) warnings.push(`${acc.tablesTotal - acc.tablesMatched} of ${acc.tablesTotal} tables did not come back cell for cell.`);
  const accuracyScore = Math.round((100 * acc.found) / Math.max(1, acc.total + acc.invented.length));
  const result: Omit<RecreationResult, "outputPath" | "createdAt"> = {
    success: ex.questions.length > 0 && again.questions.length > 0,
    errors,
    warnings,
    accuracy: { questionsMatched: acc.found, totalQuestions: acc.total, diagramsMatched: acc.tablesMatched, totalDiagrams: acc.tablesTotal, accuracyScore },
  };
  return { bytes, result, again };
}
