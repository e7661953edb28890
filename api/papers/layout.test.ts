// The paper as the board sets it out, read back from the PDF with pdftotext: single-part questions
// numbered 0 5, options lettered only where the board letters them, no word broken inside a table
// cell, no part parted from its marks and answer space by a page break; and a predicted paper
// with no recorded past questions says it is topic-balanced rather than a prediction.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, send, studentWithCredits } from "../test-utils.ts";
import { htmlToText } from "./html.ts";
import { boardLabel } from "./pdf/index.ts";
import { banks, generate, itemsOf, normalise, pdfOfPaper, recordPast, requestFor, storedDocument, type T } from "./testing.ts";
import { type GenerationOptions, type PaperDocument, TOPIC_BALANCED, type ViewerPaper } from "../../shared/generation.ts";

const byCode = (code: string) => banks.find((b) => b.blueprint.code === code)!.blueprint;
const partsOf = (doc: PaperDocument) => itemsOf(doc).flatMap((i) => i.parts);
/** The PDF's text, page by page (pdftotext ends each page with a form feed). */
const pdfText = (bytes: Uint8Array, layout = false) => {
  const file = join(mkdtempSync(join(tmpdir(), "examprep-layout-")), "paper.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", [...(layout ? ["-layout"] : []), file, "-"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
};

let t: T;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await studentWithCredits(t, "lee", 40));
});
async function paper(code: string, extra: { tier?: "Foundation" | "Higher"; isPredicted?: boolean; options?: Partial<GenerationOptions> } = {}) {
  const bp = byCode(code);
  const res = await generate(t, requestFor(bp, { tier: extra.tier ?? bp.tiers[0], isPredicted: extra.isPredicted ?? false, options: extra.options ?? {} }), cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  const id = (await res.json()).id as number;
  return { id, doc: await storedDocument(t, id), pdf: await pdfOfPaper(t, id, cookie) };
}

describe("numbering and options", () => {
  it("numbers a single-part question as the board does (0 5), a part of a longer one 0 5 . 1, in the PDF and the viewer", async () => {
    const { id, doc, pdf } = await paper("8300/1", { tier: "Higher" });
    const questions = doc.sections.flatMap((s) => s.questions);
    const single = questions.filter((q) => q.items.flatMap((i) => i.parts).length === 1);
    const multi = questions.filter((q) => q.items.flatMap((i) => i.parts).length > 1);
    expect(single.length).toBeGreaterThan(5);
    expect(multi.length).toBeGreaterThan(0);
    for (const q of single) expect(q.items[0].parts[0].number).toBe(String(q.number).padStart(2, "0"));
    for (const q of multi) q.items.flatMap((i) => i.parts).forEach((p, k) => expect(p.number).toBe(`${String(q.number).padStart(2, "0")}.${k + 1}`));
    const text = normalise(pdfText(pdf));
    const first = single[0].items[0].parts[0];
    expect(boardLabel(first.number)).toBe(first.number.split("").join(" "));
    expect(text).toContain(`${boardLabel(first.number)} ${normalise(htmlToText(first.content)).split(" ").slice(0, 4).join(" ")}`);
    expect(text).not.toContain(`${boardLabel(first.number)} . 1`);
    const viewer = (await (await send(t.app, `/api/generated-papers/${id}`, undefined, cookie)).json()) as ViewerPaper;
    expect(viewer.questions.map((q) => q.questionNumber)).toEqual(partsOf(doc).map((p) => p.number));
  });

  it("prints tick boxes without letters on science papers, and names the answer without its letter", async () => {
    const { id, doc } = await paper("8462/1");
    expect(doc.optionStyle).toBe("boxes");
    const mcq = partsOf(doc).filter((p) => p.options);
    expect(mcq.length).toBeGreaterThan(0);
    for (const p of mcq) {
      expect(p.markScheme).not.toMatch(/^(<p>)?(<strong>)?[A-D](<\/strong>)?:/);
      expect(p.modelAnswer).not.toMatch(/^(<p>)?(<strong>)?[A-D](<\/strong>)?:/);
    }
    const viewer = (await (await send(t.app, `/api/generated-papers/${id}`, undefined, cookie)).json()) as ViewerPaper;
    const withOptions = viewer.questions.filter((q) => q.content.includes("<ul><li>"));
    for (const q of withOptions) expect(q.content).not.toContain("<li><strong>A</strong>");
  });

  it("keeps the letters where the board prints them (RS), and sets a maths paper's options in a row to circle", async () => {
    const rs = await paper("8062/12");
    expect(rs.doc.optionStyle).toBe("lettered-boxes");
    const rsText = normalise(pdfText(rs.pdf));
    const rsMcq = partsOf(rs.doc).find((p) => p.options)!;
    expect(rsText).toContain(`A ${rsMcq.options![0]}`);
    const maths = await paper("8300/1", { tier: "Higher" });
    const mcq = partsOf(maths.doc).find((p) => p.options)!;
    // In the layout text the four options share one line.
    const lines = pdfText(maths.pdf, true).split("\n");
    expect(lines.some((line) => mcq.options!.every((o) => line.includes(o)))).toBe(true);
  });
});

describe("page layout", () => {
  /** Table-cell words and how often the paper's own text holds each. */
  function tableWords(doc: PaperDocument): Map<string, number> {
    const html = itemsOf(doc).flatMap((i) => [i.stem ?? "", ...i.parts.flatMap((p) => [p.content, p.markScheme, p.modelAnswer])]).join(" ");
    const cells = [...html.matchAll(/<t[dh]>([\s\S]*?)<\/t[dh]>/g)].map((m) => htmlToText(m[1]));
    const all = tokens(htmlToText(html));
    const counts = new Map<string, number>();
    for (const word of new Set(cells.flatMap(tokens).filter((w) => w.length >= 5 && /^[A-Za-z]+$/.test(w)))) counts.set(word, all.filter((w) => w === word).length);
    return counts;
  }
  const tokens = (text: string) => text.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")).filter(Boolean);

  for (const large of [false, true]) {
    it(`never breaks a word inside a table cell${large ? " (large text)" : ""}`, async () => {
      let checked = 0;
      for (const code of ["8462/1", "8461/1", "8463/1"]) {
        const { doc, pdf } = await paper(code, { options: { useLargeTextFormat: large } });
        const words = tokens(pdfText(pdf));
        for (const [word, count] of tableWords(doc)) {
          // A word broken across lines would be missing from the PDF's words at least once.
          expect(words.filter((w) => w === word).length, `${code}: ${word}`).toBeGreaterThanOrEqual(count);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(20);
    });
  }

  for (const large of [false, true]) {
    it(`never parts a question part from its marks and answer space across a page break${large ? " (large text)" : ""}`, async () => {
      for (const code of ["8461/1", "8300/1", "8062/2A"]) {
        const { doc, pdf } = await paper(code, { options: { useLargeTextFormat: large } });
        const questionsText = pdfText(pdf).split("END OF QUESTIONS")[0].replace(/[ \t\n\r]+/g, " ");
        let from = 0;
        for (const part of partsOf(doc)) {
          // pdftotext spaces the boxed digits loosely: "0 1 .1".
          // Digits in their boxes come out space-separated ("2 4"), so a page number "24" is not a label.
          const pattern = boardLabel(part.number).split(" ").reduce((re, ch, i, all) =>
            re + (i === 0 ? "" : ch === "." || all[i - 1] === "." ? "\\s*" : "\\s+") + (ch === "." ? "\\." : ch), "");
          const label = new RegExp(`(?<=^|\\s)${pattern}(?=\\s)`, "g");
          label.lastIndex = from;
          const at = label.exec(questionsText)?.index ?? -1;
          expect(at, `${code} ${part.number}`).toBeGreaterThanOrEqual(0);
          const marks = /\[\d+ marks?\]/g;
          marks.lastIndex = at;
          const found = marks.exec(questionsText)!;
          expect(questionsText.slice(at, found.index).includes("\f"), `${code} ${part.number}: its marks are on the next page`).toBe(false);
          from = found.index;
        }
      }
    });
  }
});

describe("honest labels", () => {
  it("calls a predicted paper with no recorded past questions a topic-balanced paper, and says why, on the paper and in the viewer", async () => {
    const { id, doc, pdf } = await paper("8461/1", { isPredicted: true });
    expect(doc.evidence?.recorded).toBe(0);
    const text = normalise(pdfText(pdf));
    expect(text).toContain(TOPIC_BALANCED.label);
    expect(text).toContain(TOPIC_BALANCED.why);
    expect(text.slice(0, 400)).not.toContain("Predicted paper");
    const viewer = (await (await send(t.app, `/api/generated-papers/${id}`, undefined, cookie)).json()) as ViewerPaper;
    expect(viewer.evidence?.recorded).toBe(0);
    expect(viewer.evidence?.summary).toContain(TOPIC_BALANCED.why);
  });

  it("calls it a predicted paper again once past questions are recorded", async () => {
    const bp = byCode("8461/1");
    const slot = bp.sections[0].slots[0];
    await recordPast(t, bp, [{ id: "bio-past-2023-01", topic: slot.topics[0], marks: slot.marks, year: 2023, series: "June", questionNumber: "01" }]);
    const { doc, pdf } = await paper("8461/1", { isPredicted: true });
    expect(doc.evidence?.recorded).toBeGreaterThan(0);
    const text = normalise(pdfText(pdf));
    expect(text.slice(0, 400)).toContain("Predicted paper");
    expect(text).not.toContain(TOPIC_BALANCED.why);
  });
});
