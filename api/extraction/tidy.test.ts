// The model's tidying of Low-confidence pages (issue 13), through the real openai SDK client against
// the local stand-in: an answer that keeps every question, number, mark and word is used; one that
// invents a question is refused and the local reading stands; High-confidence pages are not sent.
import { afterEach, describe, expect, it } from "vitest";
import { modelClient } from "../ai/client.ts";
import { type OpenAIStandIn, startOpenAIStandIn } from "../ai/stand-in.ts";
import type { ExtractedQuestion, PaperExtraction } from "./extract.ts";
import { tidyLowConfidencePages } from "./tidy.ts";

const question = (number: string, page: number, text: string, confidence: number): ExtractedQuestion => ({
  number, question: Number(number.slice(0, 2)), section: "Section A", marks: 2, type: "Short Answer", stem: null, text, options: null, table: null, page, confidence, issues: [],
});
const extraction = (): PaperExtraction => ({
  convention: "AQA",
  cover: { board: "AQA", subject: "Biology", level: "GCSE", tier: "Higher", series: "June", year: 2024, paperCode: "8461/1H", totalMarks: 6, timeMinutes: 30, coverPage: 1 },
  questions: [
    question("01.1", 2, "Name the organelle where aerobic respiration takes place.", 1),
    question("02.1", 3, "De fine the term dif fusion.", 0.5),
    question("02.2", 3, "Give one substance that moves by diffusion in the lungs.", 1),
  ],
  statistics: { questions: 3, withMarks: 3, totalMarks: 6, coverTotalMarks: 6, averageConfidence: 0.83, bands: { high: 2, medium: 0, low: 1 }, pages: 3, ocrPages: 0, textBytes: 0 },
});

let standIn: OpenAIStandIn | null = null;
afterEach(async () => await standIn?.close());
const modelAnswering = async (answer: (asked: { number: string; marks: number | null; text: string }[]) => unknown) => {
  standIn = await startOpenAIStandIn((req) => {
    const content = req.messages.at(-1)!.content;
    const asked = JSON.parse(content.slice(content.indexOf("{"))).questions;
    return { content: JSON.stringify(answer(asked)) };
  });
  return modelClient({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: "stand-in-model" })!;
};

describe("tidying Low-confidence pages with a model", () => {
  it("uses an answer that keeps the page's questions and words, and sends only that page", async () => {
    const mc = await modelAnswering((asked) => ({ questions: asked.map((q) => ({ ...q, text: q.text.replace("De fine", "Define").replace("dif fusion", "diffusion") })) }));
    const ex = extraction();
    expect(await tidyLowConfidencePages(mc, ex)).toEqual([{ page: 3, used: true, problems: [] }]);
    expect(ex.questions.map((q) => q.text)).toEqual([
      "Name the organelle where aerobic respiration takes place.",
      "Define the term diffusion.",
      "Give one substance that moves by diffusion in the lungs.",
    ]);
    expect(standIn!.requests).toHaveLength(1);
    expect(standIn!.requests[0].messages.at(-1)!.content).toContain("Page 3's questions");
    expect(standIn!.requests[0].messages.at(-1)!.content).not.toContain("01.1");
  });

  it("refuses an answer that invents or rewords a question, and keeps the local reading", async () => {
    for (const answer of [
      (asked: { number: string; marks: number | null; text: string }[]) => ({ questions: [...asked, { number: "02.3", marks: 3, text: "Explain osmosis." }] }),
      (asked: { number: string; marks: number | null; text: string }[]) => ({ questions: asked.map((q) => ({ ...q, text: "Describe how gases are exchanged across the alveoli in the lungs." })) }),
    ]) {
      const mc = await modelAnswering(answer);
      const ex = extraction();
      const [outcome] = await tidyLowConfidencePages(mc, ex);
      expect(outcome.used).toBe(false);
      expect(outcome.problems.join(" ")).toMatch(/invents question 02\.3|rewords question/);
      expect(ex.questions[1].text).toBe("De fine the term dif fusion.");
      await standIn!.close();
      standIn = null;
    }
  });
});
