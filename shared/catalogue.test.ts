import { describe, expect, it } from "vitest";
import { defaultSection, paperPatchSchema, readStructure, STRUCTURE_MESSAGES, structureSummary } from "./catalogue.ts";

describe("paper structure helpers", () => {
  it("makes §9's default section: 5 questions (MC, MC, SA, SA, LA), named by the next letter", () => {
    const a = defaultSection(0);
    expect(a.name).toBe("Section A");
    expect(a.questions.map((q) => q.type)).toEqual(["Multiple Choice", "Multiple Choice", "Short Answer", "Short Answer", "Long Answer"]);
    expect(a.questionCount).toBe(5);
    expect(a.marks).toEqual([1, 2, 5]);
    expect(defaultSection(1).name).toBe("Section B");
  });

  it("summarises as 'n sections with a total of n questions (n marks)', null marks counting nothing", () => {
    const b = { ...defaultSection(1), questionCount: 4, questions: defaultSection(1).questions.slice(0, 4).map((q, i) => ({ ...q, marks: i === 3 ? null : q.marks })) };
    expect(structureSummary([defaultSection(0), b])).toBe("2 sections with a total of 9 questions (15 marks)");
    expect(structureSummary([{ ...defaultSection(0), questionCount: 1, questions: [{ id: "1", type: "Essay", marks: 1 }] }])).toBe("1 section with a total of 1 question (1 mark)");
  });

  it("reads a stored structure ({sections} or a bare list), and gives null for one it cannot read", () => {
    const sections = [defaultSection(0)];
    expect(readStructure(JSON.stringify({ seeded: true, sections }))).toEqual(sections);
    expect(readStructure(JSON.stringify(sections))).toEqual(sections);
    expect(readStructure("")).toBeNull();
    expect(readStructure("{broken")).toBeNull();
    expect(readStructure(JSON.stringify({ sections: [] }))).toBeNull();
  });

  it("parses a PATCH body as a structure when it names questionStructure, else as details, each with its own messages", () => {
    expect(paperPatchSchema.safeParse({ questionStructure: JSON.stringify({ sections: [] }), sectionCount: 1 }).error?.issues[0].message).toBe(STRUCTURE_MESSAGES.atLeastOneSection);
    expect(paperPatchSchema.safeParse({ name: "", subject: "Biology", examBoard: "AQA", level: "GCSE" }).error?.issues[0].message).toBe("Paper name is required");
    expect(paperPatchSchema.parse({ questionStructure: JSON.stringify([defaultSection(0)]), sectionCount: "1" })).toEqual({ sections: [defaultSection(0)], sectionCount: 1 });
  });
});
