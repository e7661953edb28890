import { describe, expect, it } from "vitest";
import { modelShareSentence } from "./generation.ts";

describe("modelShareSentence", () => {
  it("says how many questions the model wrote and where the rest come from", () => {
    expect(modelShareSentence({ written: 12, asked: 12, late: 0, total: 30 })).toBe(
      "12 of the 30 questions were written by an AI model; the other 18 come from ExamPrep's question bank.",
    );
    expect(modelShareSentence({ written: 1, asked: 12, late: 0, total: 20 })).toBe(
      "1 of the 20 questions was written by an AI model; the other 19 come from ExamPrep's question bank.",
    );
  });

  it("says when the model ran out of time, and never claims a model question when there is none", () => {
    expect(modelShareSentence({ written: 2, asked: 12, late: 1, total: 30 })).toBe(
      "2 of the 30 questions were written by an AI model; the other 28 come from ExamPrep's question bank. The model ran out of time for 1 question, so it keeps its question from the bank.",
    );
    expect(modelShareSentence({ written: 0, asked: 12, late: 12, total: 30 })).toBe(
      "No question on this paper was written by the AI model: all 30 come from ExamPrep's question bank. The model ran out of time for 12 questions, so they keep their question from the bank.",
    );
  });
});
