// The extraction corpus is sound: what truth.json says each PDF holds is really printed there. Every
// part's number, its words, options and table, and its mark as the board prints it, are in the
// printed paper's text, in order; questions meant to run over a page break do; each mark scheme
// holds every part's answer; the scan has no text layer; the data's marks add up to each cover.
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { pdfLines, type TextLine } from "../../structure/pdf-text.ts";
import { CORPUS } from "./papers.ts";
import { paperHtml, printedLabel, printedMarks } from "./html.ts";
import { type BuiltCorpus, buildCorpus, corpusTruth, printPdf } from "./print.ts";
import { type CorpusPaper, markSchemeOf, partsOf, questionsOf, totalOf } from "./types.ts";

/** Text without its spaces: the PDF's line joins and wraps may space words differently from the data. */
const squash = (s: string) => s.replace(/\s+/g, "");
/** A line's words without Edexcel's vertical margin text, which pdf.js puts on the baselines of the lines beside it. */
const words = (line: TextLine) => line.items.filter((i) => i.text.trim() !== "DO NOT WRITE IN THIS AREA").map((i) => i.text).join(" ");
const partsIn = (paper: CorpusPaper) => questionsOf(paper).flatMap((q) => q.parts);
const firstWords = (s: string, n: number) => s.split(/\s+/).slice(0, n).join(" ");

let built: BuiltCorpus;
const paperLines = new Map<string, TextLine[]>();
const schemeLines = new Map<string, TextLine[]>();
const fileOf = (id: string) => built.papers.find((f) => f.id === id)!;

beforeAll(async () => {
  // The first build prints every PDF (about 10 s); later runs reuse them.
  built = await buildCorpus();
  for (const f of built.papers) {
    paperLines.set(f.id, await pdfLines(readFileSync(f.textPdf), { sideways: true }));
    schemeLines.set(f.id, await pdfLines(readFileSync(f.markScheme)));
  }
}, 120_000);

/** Index of the line where each part starts: its printed number, then its first words. In paper order. */
function partStarts(paper: CorpusPaper, lines: TextLine[]): Map<string, number> {
  const starts = new Map<string, number>();
  let from = 0;
  for (const part of partsOf(paper)) {
    const start = squash(printedLabel(paper, part.number) + firstWords(part.text, 4));
    const at = lines.findIndex((l, i) => i >= from && squash(words(l)).startsWith(start));
    if (at < 0) throw new Error(`${paper.id}: part ${part.number} ("${start}") not found after line ${from}`);
    starts.set(part.number, at);
    from = at + 1;
  }
  return starts;
}

/** Is this line the part's mark as its board prints it? Edexcel's "(n)" stands alone at the right margin. */
function isMarkLine(paper: CorpusPaper, line: TextLine, marks: number): boolean {
  const printed = printedMarks(paper.convention, marks);
  if (paper.convention === "Edexcel") {
    const last = line.items.filter((i) => i.text.trim() !== "DO NOT WRITE IN THIS AREA").at(-1);
    if (!last) return false;
    return last.text.trim() === printed && last.x > line.pageWidth * 0.66;
  }
  if (paper.convention === "OCR") return line.text.endsWith(printed);
  return line.text.includes(printed);
}

describe("the corpus data", () => {
  it("has six text papers, two per convention, of 15 to 25 parts (at least 110 in all), and one scanned paper", () => {
    const text = CORPUS.filter((p) => !p.scanned);
    expect(text).toHaveLength(6);
    for (const convention of ["AQA", "Edexcel", "OCR"]) expect(text.filter((p) => p.convention === convention)).toHaveLength(2);
    for (const p of text) expect(partsOf(p).length, p.id).toBeGreaterThanOrEqual(15);
    for (const p of text) expect(partsOf(p).length, p.id).toBeLessThanOrEqual(25);
    expect(text.reduce((n, p) => n + partsOf(p).length, 0)).toBeGreaterThanOrEqual(110);
    const scanned = CORPUS.filter((p) => p.scanned);
    expect(scanned).toHaveLength(1);
    expect(partsOf(scanned[0]).length).toBeGreaterThanOrEqual(10);
  });

  it("numbers every part in its convention, once, and its marks add up to the cover's total", () => {
    const pattern = { AQA: /^\d\d(\.\d)?$/, Edexcel: /^\d{1,2}(\([a-h]\)(\((i|ii|iii|iv)\))?)?$/, OCR: /^\d{1,2}(\([a-h]\)(\((i|ii|iii|iv)\))?)?$/ };
    for (const paper of CORPUS) {
      const parts = partsOf(paper);
      for (const p of parts) {
        expect(p.number, paper.id).toMatch(pattern[paper.convention]);
        expect(Number(p.number.match(/^\d+/)![0]), p.number).toBe(p.question);
        expect(p.marks).toBeGreaterThan(0);
      }
      expect(new Set(parts.map((p) => p.number)).size, paper.id).toBe(parts.length);
      expect(totalOf(paper), paper.id).toBe(paper.cover.totalMarks);
      expect(markSchemeOf(paper).map((m) => [m.number, m.marks])).toEqual(parts.map((p) => [p.number, p.marks]));
      expect(questionsOf(paper).some((q) => q.parts.some((p) => p.breakBefore)), `${paper.id} has a question over a page break`).toBe(true);
    }
  });

  it("truth.json holds the data", () => {
    expect(JSON.parse(readFileSync(built.truth, "utf8"))).toEqual(JSON.parse(JSON.stringify(corpusTruth())));
  });
});

describe.each(CORPUS.map((p) => [p.id, p] as const))("the printed paper %s", (id, paper) => {
  const lines = () => paperLines.get(id)!;

  it("prints every part's number, words, options and table, and its mark as the board prints it, in order", () => {
    const all = lines();
    const starts = partStarts(paper, all);
    const parts = partsIn(paper);
    parts.forEach((part, i) => {
      const end = i + 1 < parts.length ? starts.get(parts[i + 1].number)! : all.length;
      const range = all.slice(starts.get(part.number)!, end);
      const text = squash(range.map(words).join(" "));
      expect(text, `${part.number}'s text`).toContain(squash(part.text));
      if (part.after) expect(text.indexOf(squash(part.after)), `${part.number}'s words after its table or options`).toBeGreaterThan(text.indexOf(squash(part.text)));
      for (const option of part.options ?? []) expect(text, `${part.number}'s option`).toContain(squash(option));
      for (const cell of [...(part.table?.header ?? []), ...(part.table?.rows.flat() ?? [])]) expect(text, `${part.number}'s table`).toContain(squash(cell));
      expect(range.filter((l) => isMarkLine(paper, l, part.marks)), `${part.number}'s mark ${printedMarks(paper.convention, part.marks)}`).toHaveLength(1);
    });
    // Stems and sections come before their first part.
    for (const q of questionsOf(paper)) {
      if (!q.stem) continue;
      const first = starts.get(q.parts[0].number)!;
      expect(all.slice(Math.max(0, first - 3), first + 1).some((l) => squash(words(l)).includes(squash(firstWords(q.stem!, 5)))), `stem of ${q.question}`).toBe(true);
    }
    for (const s of paper.sections.filter((s) => s.name)) {
      const first = starts.get(s.questions[0].parts[0].number)!;
      expect(all.slice(0, first).some((l) => l.text.toLowerCase() === s.name!.toLowerCase()), s.name!).toBe(true);
    }
  });

  it("runs its questions with a page break inside over two pages", () => {
    const all = lines();
    const starts = partStarts(paper, all);
    for (const q of questionsOf(paper)) {
      q.parts.forEach((part, i) => {
        if (!part.breakBefore) return;
        const before = all[starts.get(q.parts[i - 1].number)!].page;
        expect(all[starts.get(part.number)!].page, `${part.number} is on the page after ${q.parts[i - 1].number}`).toBe(before + 1);
      });
    }
  });

  it("has a cover with the paper's facts, and page furniture on the pages after it", () => {
    const all = lines();
    const pages = Math.max(...all.map((l) => l.page));
    const cover = all.filter((l) => l.page === 1).map((l) => l.text).join("\n");
    const c = paper.cover;
    expect(cover).toContain(c.paperCode);
    expect(cover).toMatch(new RegExp(`(maximum|total) mark for this paper is ${c.totalMarks}\\b`));
    expect(cover.toLowerCase()).toContain(c.subject.toLowerCase());
    expect(cover).toContain(String(c.year));
    expect(cover).toMatch(/\d+ (hour|minutes)/);
    if (c.tier) expect(cover).toContain(`${c.tier} Tier`);
    for (let page = 2; page < pages; page++) {
      const text = all.filter((l) => l.page === page).map((l) => l.text).join("\n");
      expect(text, `page ${page}`).toMatch(/Turn over/);
      expect(text, `page ${page}`).toMatch(paper.convention === "AQA" ? /Do not write/ : paper.convention === "Edexcel" ? /DO NOT WRITE IN THIS AREA/ : /© OCR/);
      if (paper.convention === "Edexcel") expect(text).toContain(`*${c.printReference}${String(page).padStart(2, "0")}${String(pages).padStart(2, "0")}*`);
    }
    expect(all.filter((l) => l.page === pages).some((l) => /Turn over/.test(l.text)), "no 'Turn over' on the last page").toBe(false);
  });

  it("has a mark scheme with every part's answer and marks on the part's row", () => {
    const all = schemeLines.get(id)!;
    let from = 0;
    for (const entry of partsIn(paper)) {
      const start = squash(entry.number);
      const at = all.findIndex((l, i) => i >= from && squash(l.text).startsWith(start) && squash(l.text).includes(squash(firstWords(entry.answer[0], 2))));
      expect(at, `mark scheme row ${entry.number}`).toBeGreaterThanOrEqual(from);
      expect(all[at].items.some((item) => item.text.trim() === String(entry.marks) || item.text.trim() === `(${entry.marks})`), `${entry.number}'s marks`).toBe(true);
      from = at + 1;
    }
  });
});

describe("the scanned paper", () => {
  it("is images only, with the printed paper's page count", async () => {
    const file = built.papers.find((f) => f.scanned)!;
    expect(file.pdf).not.toBe(file.textPdf);
    expect(await pdfLines(readFileSync(file.pdf))).toEqual([]);
    const pages = async (path: string) => (await PDFDocument.load(readFileSync(path))).getPageCount();
    expect(await pages(file.pdf)).toBe(await pages(file.textPdf));
    expect(paperLines.get(file.id)!.length).toBeGreaterThan(50);
  });
});

describe("printPdf", () => {
  it("refuses a paper with a part too tall for one page, rather than cut it off at the foot", async () => {
    const paper = CORPUS[0];
    const [first, ...rest] = paper.sections[0].questions;
    const tall = { ...first, parts: [{ ...first.parts[1], lines: 40 }, ...first.parts.slice(2)] };
    const html = paperHtml({ ...paper, sections: [{ ...paper.sections[0], questions: [tall, ...rest] }] });
    await expect(printPdf(html)).rejects.toThrow(`A block does not fit on one page: ${first.parts[1].number}`);
  });
});

describe("buildCorpus", () => {
  it("reuses files made from the same content and prints again a file whose content changed", async () => {
    const scheme = fileOf(CORPUS[0].id).markScheme;
    const paper = fileOf(CORPUS[0].id).textPdf;
    const before = { scheme: statSync(scheme).mtimeMs, paper: statSync(paper).mtimeMs };
    writeFileSync(`${scheme}.sha256`, "made from other content");
    const again = await buildCorpus(built.dir);
    expect(again.papers.map((f) => f.pdf)).toEqual(built.papers.map((f) => f.pdf));
    expect(statSync(paper).mtimeMs).toBe(before.paper);
    expect(statSync(scheme).mtimeMs).toBeGreaterThan(before.scheme);
    expect(existsSync(scheme)).toBe(true);
    expect((await pdfLines(readFileSync(scheme))).length).toBeGreaterThan(20);
  });
});
