import { describe, expect, it } from "vitest";
import { unansweredParts } from "./unanswered.ts";
import type { SittingSection } from "../../../shared/sittings.ts";

const section = (name: string, numbers: string[]): SittingSection => ({
  name,
  questions: [{ number: 1, marks: numbers.length, items: [{ topic: "t", topicName: "T", attribution: "", parts: numbers.map((number) => ({ number, marks: 1, content: "<p>Q</p>", kind: "word" as const })) }] }],
});
const themes = [section("Theme A", ["01.1", "01.2"]), section("Theme B", ["02.1", "02.2"]), section("Theme C", ["03.1", "03.2"])];

describe("the parts the hand-in dialog calls unanswered", () => {
  it("are every blank part on a paper where every section is answered", () => {
    expect(unansweredParts({ sections: themes }, { "01.1": "x", "02.2": ["", " "], "03.1": " " })).toEqual({ parts: ["01.2", "02.1", "02.2", "03.1", "03.2"], note: "" });
  });

  it("are only those of the sections started when the student answers some of them, with a note when too few are", () => {
    expect(unansweredParts({ sections: themes, answerSections: 2 }, { "01.1": "x", "03.2": "y" })).toEqual({ parts: ["01.2", "03.1"], note: "" });
    expect(unansweredParts({ sections: themes, answerSections: 2 }, { "02.1": "x" })).toEqual({
      parts: ["02.2"],
      note: "You have started 1 of the 2 sections the paper asks you to answer.",
    });
  });
});
