// The offline extractor on the corpus (api/extraction/corpus: exam-style papers in the three
// numbering conventions printed by Chromium, not by the paper engine): at least 95% of the parts
// found with the right number and marks and none invented, with their text, options, tables and
// stems; the covers' facts; and each mark scheme's answers matched to the parts by number.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { pdfLines, type TextLine } from "../structure/pdf-text.ts";
import { type BuiltCorpus, buildCorpus, corpusTruth } from "./corpus/print.ts";
import { confidenceBand, extractFromLines, extractPdf, type PaperExtraction } from "./extract.ts";
import { accuracyOf, textRecall } from "./accuracy.ts";
import { extractMarkScheme } from "./mark-scheme.ts";

const truth = corpusTruth();
let built: BuiltCorpus;
const extracted = new Map<string, PaperExtraction>();
const schemeLines = new Map<string, TextLine[]>();
const textPapers = truth.papers.filter((p) => !p.scanned);

beforeAll(async () => {
  built = await buildCorpus();
  for (const f of built.papers) {
    const lines = await pdfLines(readFileSync(f.textPdf));
    extracted.set(f.id, extractFromLines(lines, new Set(lines.map((l) => l.page)).size));
    schemeLines.set(f.id, await pdfLines(readFileSync(f.markScheme)));
  }
}, 120_000);

describe("extracting the corpus's printed papers", () => {
  it("finds at least 95% of the parts with the right number and marks, and invents none", () => {
    let total = 0;
    let found = 0;
    for (const p of textPapers) {
      const acc = accuracyOf(p.parts, extracted.get(p.id)!.questions);
      expect(acc.invented, p.id).toEqual([]);
      total += acc.total;
      found += acc.found;
    }
    expect(total).toBeGreaterThanOrEqual(110);
    expect(found / total).toBeGreaterThanOrEqual(0.95);
  });

  for (const p of textPapers) {
    it(`${p.id}: every part's text, options and table, each question's stem, and the cover`, () => {
      const got = extracted.get(p.id)!;
      const acc = accuracyOf(p.parts, got.questions);
      expect(acc.missing, "missing").toEqual([]);
      expect(acc.wrongMarks, "marks").toEqual([]);
      expect(acc.textMatched).toBe(acc.total);
      expect(acc.optionsMatched).toBe(acc.optionsTotal);
      expect(acc.tablesMatched).toBe(acc.tablesTotal);
      // Answer lines, marks and the board's furniture are not part of a question's text.
      for (const q of got.questions) {
        expect(q.text, q.number).not.toMatch(/\.{4}|_{4}|\[\d+ marks?\]|Turn over|DO NOT WRITE|Do not write outside|\*P\d+/);
        expect(confidenceBand(q.confidence), q.number).toBe("High");
      }
      for (const t of p.parts.filter((x, i, all) => x.stem && all.findIndex((y) => y.question === x.question) === i)) {
        const q = got.questions.find((x) => x.number === t.number)!;
        expect(textRecall(t.stem!, q.stem ?? ""), `${t.number} stem`).toBeGreaterThanOrEqual(0.9);
      }
      const { cover } = p;
      expect(got.cover).toMatchObject({
        board: cover.board, subject: cover.subject, level: cover.level, tier: cover.tier, series: cover.series, year: cover.year,
        paperCode: cover.paperCode, totalMarks: cover.totalMarks, timeMinutes: cover.timeMinutes,
      });
      expect(got.statistics).toMatchObject({ questions: p.parts.length, withMarks: p.parts.length, totalMarks: cover.totalMarks, coverTotalMarks: cover.totalMarks });
      expect(got.statistics.bands.high).toBe(p.parts.length);
    });

    it(`${p.id}: matches the mark scheme's answers and marks to the parts by number`, () => {
      const answers = extractMarkScheme(schemeLines.get(p.id)!, p.parts.map((x) => x.number));
      for (const e of p.markScheme) {
        const a = answers.find((x) => x.number === e.number);
        expect(a, e.number).toBeDefined();
        expect(a!.marks, e.number).toBe(e.marks);
        expect(textRecall(e.answer, a!.answer), e.number).toBeGreaterThanOrEqual(0.8);
      }
      expect(answers.map((a) => a.number)).toEqual(p.markScheme.map((e) => e.number));
    });
  }

  it("reads the scanned paper, which has no text layer, by OCR: every part with its number and marks, none invented, and its cover", async () => {
    const p = truth.papers.find((x) => x.scanned)!;
    const got = await extractPdf(readFileSync(built.papers.find((f) => f.id === p.id)!.pdf));
    expect(got.statistics.ocrPages).toBe(got.statistics.pages);
    const acc = accuracyOf(p.parts, got.questions);
    expect(acc.invented).toEqual([]);
    expect(acc.missing).toEqual([]);
    expect(acc.wrongMarks).toEqual([]);
    expect(acc.textMatched).toBeGreaterThanOrEqual(p.parts.length - 2);
    expect(acc.optionsMatched).toBe(acc.optionsTotal);
    expect(got.cover).toMatchObject({ board: "AQA", subject: p.cover.subject, tier: p.cover.tier, year: p.cover.year, paperCode: p.cover.paperCode, totalMarks: p.cover.totalMarks });
    // Its printed twin, read from its text layer, needs no OCR.
    const printed = await extractPdf(readFileSync(built.papers.find((f) => f.id === p.id)!.textPdf));
    expect(printed.statistics.ocrPages).toBe(0);
    expect(accuracyOf(p.parts, printed.questions).found).toBe(p.parts.length);
  }, 120_000);

  it("lowers the confidence of a part whose marks it could not read, and says why", async () => {
    const p = textPapers[0];
    const all = await pdfLines(readFileSync(built.papers.find((f) => f.id === p.id)!.textPdf));
    // The paper with one "[2 marks]" line gone, as a smudged scan might lose it.
    const gone = all.findIndex((l) => /^\[2 marks\]$/.test(l.text.trim()));
    expect(gone).toBeGreaterThan(0);
    const damaged = extractFromLines(all.filter((_, i) => i !== gone), 0);
    const unmarked = damaged.questions.filter((q) => q.marks === null);
    expect(unmarked).toHaveLength(1);
    expect(unmarked[0].issues).toContain("no marks found");
    expect(confidenceBand(unmarked[0].confidence)).not.toBe("High");
    expect(damaged.statistics.withMarks).toBe(damaged.statistics.questions - 1);
    expect(damaged.statistics.bands.high).toBe(damaged.statistics.questions - 1);
  });
});
