// The shape of the extraction corpus: exam-style papers held as data (what a perfect extraction
// would read back), which html.ts prints in each board's look and truth.json records for the bench.

export type Convention = "AQA" | "Edexcel" | "OCR";

export interface CorpusTable {
  header: string[];
  rows: string[][];
}

/** Facts printed on the cover, as an extraction should read them. */
export interface CorpusCover {
  board: "AQA" | "Edexcel" | "OCR";
  subject: string;
  level: "GCSE";
  tier: "Higher" | "Foundation" | null;
  series: "June" | "November";
  year: number;
  paperCode: string;
  /** The paper's name under the subject: "Paper 1H", "Paper 1 (Non-Calculator)", "Computer systems". */
  paperTitle: string;
  totalMarks: number;
  timeMinutes: number;
  /** The sitting, ISO date and session: printed as "Friday 10 May 2024" and "Morning". */
  date: string;
  session: "Morning" | "Afternoon";
  /** Edexcel's paper reference in its barcodes (P71234A); OCR's document code; AQA's job code. */
  printReference: string;
}

/** One markable part. */
export interface CorpusPart {
  /** Normalised: "01.1" (AQA), "1(a)(i)" (Edexcel), "1(a)" (OCR); a question without parts is "03" / "3". */
  number: string;
  marks: number;
  /** The part's words as printed, before its table or options. */
  text: string;
  /** Words printed after the table or options ("Calculate the mean."). */
  after?: string;
  /** Multiple-choice options, A to D in order, printed in two columns. */
  options?: string[];
  table?: CorpusTable;
  /** The paper breaks to a new page before this part: its question runs over a page break. */
  breakBefore?: boolean;
  /** Answer lines to print (default from the marks); 0 for none. */
  lines?: number;
  /** Edexcel Mathematics: the unit after the answer line ("cm²", "£"). */
  unit?: string;
  /** The mark scheme: its answer, one marking point a line, and guidance for the examiner. */
  answer: string[];
  guidance?: string;
  ao?: string;
}

export interface CorpusQuestion {
  question: number;
  /** Words shared by the question's parts, printed under the question number. */
  stem?: string;
  parts: CorpusPart[];
}

export interface CorpusSection {
  /** "Section A"; null where the paper has no sections. */
  name: string | null;
  /** The section's instruction line, printed under its heading. */
  instruction?: string;
  questions: CorpusQuestion[];
}

export interface CorpusPaper {
  id: string;
  convention: Convention;
  cover: CorpusCover;
  sections: CorpusSection[];
  /** The one paper the corpus also holds as an image-only scan. */
  scanned?: boolean;
}

/** A part as truth.json records it: with its question, section and shared stem. */
export interface TruthPart {
  number: string;
  question: number;
  section: string | null;
  marks: number;
  /** The full text: text, then the words after its table or options. */
  text: string;
  options: string[] | null;
  table: CorpusTable | null;
  stem: string | null;
}

export interface MarkSchemeEntry {
  number: string;
  answer: string;
  marks: number;
  guidance: string | null;
}

export const fullText = (part: CorpusPart) => (part.after ? `${part.text} ${part.after}` : part.text);

/** The paper's markable parts in order, as truth.json records them. */
export function partsOf(paper: CorpusPaper): TruthPart[] {
  return paper.sections.flatMap((s) =>
    s.questions.flatMap((q) =>
      q.parts.map((p) => ({
        number: p.number,
        question: q.question,
        section: s.name,
        marks: p.marks,
        text: fullText(p),
        options: p.options ?? null,
        table: p.table ?? null,
        stem: q.stem ?? null,
      }))
    )
  );
}

export function markSchemeOf(paper: CorpusPaper): MarkSchemeEntry[] {
  return paper.sections.flatMap((s) =>
    s.questions.flatMap((q) => q.parts.map((p) => ({ number: p.number, answer: p.answer.join("\n"), marks: p.marks, guidance: p.guidance ?? null })))
  );
}

export const questionsOf = (paper: CorpusPaper) => paper.sections.flatMap((s) => s.questions);
export const totalOf = (paper: CorpusPaper) => partsOf(paper).reduce((n, p) => n + p.marks, 0);
