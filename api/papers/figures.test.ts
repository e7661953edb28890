// Figures on a generated paper, through the API: numbered in paper order with each question's own
// "Figure 1" renumbered to match, drawn in the PDF (real text for labels and ticks) and in the
// viewer (an SVG described for screen readers); and code numbered by line when a question names a line.
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, send, studentWithCredits } from "../test-utils.ts";
import { seedBanks } from "./bank.ts";
import { NAMES_A_LINE, numberCodeLines, renumberFigures } from "./question-text.ts";
import { generate, itemsOf, normalise, pdfOfPaper, pdftotext, requestFor, storedDocument, type T } from "./testing.ts";
import { type BankFile, bankFileSchema } from "../../shared/papers.ts";
import type { ViewerPaper } from "../../shared/generation.ts";

const cooling = {
  type: "graph",
  x: { label: "Time in minutes", min: 0, max: 10, step: 2 },
  y: { label: "Temperature in °C", min: 20, max: 80, step: 10, minor: 5 },
  series: [{ points: [[0, 78], [2, 62], [4, 50], [6, 42], [8, 36], [10, 32]], join: "curve", markers: true }],
};
const FILE: BankFile = bankFileSchema.parse({
  blueprint: {
    paper: { subject: "Figure Science", examBoard: "AQA", level: "GCSE", name: "Paper 1" },
    code: "9999/1",
    qualification: "GCSE",
    title: "Figure Science",
    paperTitle: "Paper 1",
    timeMinutes: 10,
    totalMarks: 7,
    materials: ["a ruler"],
    instructions: ["Answer all questions."],
    information: ["The marks for questions are shown in brackets."],
    topics: [{ id: "cooling", name: "Cooling", description: "How hot things cool down." }],
    sections: [{
      name: "Section A",
      slots: [
        { question: 1, type: "Structured", marks: 4, topics: ["cooling"] },
        { question: 2, type: "Short Answer", marks: 3, topics: ["cooling"] },
      ],
    }],
  },
  questions: [
    {
      id: "fig-001",
      topic: "cooling",
      stem: "<p>A student heated water and let it cool. Figure 1 shows the results.</p>",
      figure: cooling,
      parts: [
        { content: "<p>Use Figure 1 to give the temperature after 4 minutes.</p>", marks: 1, markScheme: "<p>50 °C</p>", modelAnswer: "<p>50 °C</p>" },
        {
          content: "<p>A second beaker cooled from 80 °C to 40 °C in 10 minutes, steadily. Draw its line on Figure 2.</p>",
          marks: 3,
          figure: { type: "graph", x: { label: "Time in minutes", min: 0, max: 10, step: 2 }, y: { label: "Temperature in °C", min: 20, max: 80, step: 10 } },
          markScheme: "<p>straight line from (0, 80) to (10, 40)</p>",
          modelAnswer: "<p>A ruled line from 80 °C at 0 minutes to 40 °C at 10 minutes.</p>",
        },
      ],
    },
    {
      id: "fig-002",
      topic: "cooling",
      parts: [{
        content: "<p>Figure 1 shows how long three cups took to cool. Which cup kept its heat longest? Give a reason.</p>",
        marks: 3,
        figure: { type: "bar-chart", categories: ["Paper cup", "Foam cup", "Glass cup"], values: [14, 32, 9], xLabel: "Cup", y: { label: "Time to cool in minutes", min: 0, max: 35, step: 5 } },
        markScheme: "<p>foam cup (1); it took longest, 32 minutes (1); foam is the best insulator (1)</p>",
        modelAnswer: "<p>The foam cup: it took 32 minutes to cool, the longest, because foam is a good thermal insulator.</p>",
      }],
    },
  ],
});

describe("figures on a paper", () => {
  let t: T;
  let cookie: string;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp();
    await seedBanks(t.db, [FILE]);
    ({ cookie } = await studentWithCredits(t, "fay", 5));
    const res = await generate(t, requestFor(FILE.blueprint), cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    id = (await res.json()).id;
  });

  it("numbers the figures in paper order and moves each question's own references with them", async () => {
    const [first, second] = itemsOf(await storedDocument(t, id));
    expect(first.stemFigure?.number).toBe(1);
    expect(first.parts[1].figure?.number).toBe(2);
    expect(first.parts[0].content).toContain("Use Figure 1");
    expect(first.parts[1].content).toContain("on Figure 2");
    expect(second.parts[0].figure?.number).toBe(3);
    expect(second.parts[0].figure?.figure.type).toBe("bar-chart");
    expect(second.parts[0].content).toContain("Figure 3 shows");
  });

  it("draws them in the PDF under their captions, with axis labels and ticks as real text", async () => {
    const text = normalise(pdftotext(await pdfOfPaper(t, id, cookie)));
    for (const caption of ["Figure 1", "Figure 2", "Figure 3"]) expect(text).toContain(caption);
    expect(text).toContain("Time in minutes");
    expect(text).toContain("Temperature in °C");
    expect(text).toContain("Foam cup");
    expect(text).toContain("Time to cool in minutes");
    // The question's text comes before its figure, and figure 1 before figure 2.
    expect(text.indexOf("Figure 1 shows the results")).toBeLessThan(text.indexOf("Temperature in °C"));
  });

  it("shows them in the viewer as SVG a screen reader can read, the data points in place", async () => {
    const res = await send(t.app, `/api/generated-papers/${id}?format=json`, undefined, cookie);
    expect(res.status).toBe(200);
    const paper = (await res.json()) as ViewerPaper;
    const [q1, q2, q3] = paper.questions;
    expect(q1.content).toMatch(/<figure class="paper-figure[^"]*"><figcaption>Figure 1<\/figcaption><svg [^>]*role="img" aria-label="Figure 1: A graph of Temperature in °C against Time in minutes: points \(0, 78\), \(2, 62\)/);
    expect(q1.content).toContain("<polyline");
    expect(q2.content).toContain("aria-label=\"Figure 2: A blank grid to plot on");
    expect(q3.content).toContain("Foam cup 32");
    // Labels are escaped text, never markup.
    expect(q1.content).not.toMatch(/<script|onload=/);
  });
});

describe("renumberFigures", () => {
  it("moves only the question's own figure numbers, in one pass", () => {
    expect(renumberFigures("<p>Figure 1 and Figure 2; see Figures 1 and 2, Figure 7.</p>", 4, 2)).toBe("<p>Figure 5 and Figure 6; see Figures 5 and 6, Figure 7.</p>");
    expect(renumberFigures("Figure 1 then Figure 2", 1, 2)).toBe("Figure 2 then Figure 3");
    expect(renumberFigures("Figure 1", 0, 1)).toBe("Figure 1");
  });
});

describe("numberCodeLines", () => {
  it("numbers every line of each code block, right-aligned, keeping the code element whole", () => {
    const code = Array.from({ length: 10 }, (_, i) => `x ← ${i}`).join("\n");
    expect(numberCodeLines(`<p>Line 3 sets x.</p><pre><code>${code}</code></pre>`)).toBe(
      `<p>Line 3 sets x.</p><pre><code>${Array.from({ length: 10 }, (_, i) => `${String(i + 1).padStart(2, " ")}  x ← ${i}`).join("\n")}</code></pre>`,
    );
    expect(numberCodeLines("<pre>\na\nb\n</pre>")).toBe("<pre>1  a\n2  b</pre>");
    expect(NAMES_A_LINE.test("Explain what line 4 does.")).toBe(true);
    expect(NAMES_A_LINE.test("Complete the trace table below.")).toBe(false);
  });
});
