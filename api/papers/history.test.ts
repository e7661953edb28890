// Papers built from a recorded past-paper history, through the API: past papers take real past
// questions first (of the selected years, unused ones before ones the student had), and predicted
// papers follow the topic-trend model and each option.
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, send, studentWithCredits } from "../test-utils.ts";
import { questions } from "../db/schema.ts";
import { pastAttribution } from "./bank.ts";
import {
  bankOf,
  generate,
  itemsOf,
  marksOf,
  normalise,
  type PastQuestion,
  pdfOfPaper,
  pdftotext,
  recordPast,
  requestFor,
  RS_2A,
  type RsStyle,
  storedDocument,
  type T,
} from "./testing.ts";
import type { GenerationOptions, PaperDocument } from "../../shared/generation.ts";

const bp = bankOf(RS_2A).blueprint;
const STYLES: RsStyle[] = ["mcq", "give-two", "explain-two-contrasting", "explain-two-sources", "evaluate"];

let students = 0;
/** One paper for a new student (so no earlier paper of theirs changes the choice). */
async function paperFor(t: T, extra: Parameters<typeof requestFor>[1]) {
  const s = await studentWithCredits(t, `student${++students}`, 1);
  const res = await generate(t, requestFor(bp, extra), s.cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  const id = (await res.json()).id as number;
  return { doc: await storedDocument(t, id), id, cookie: s.cookie };
}
const predicted = (t: T, options: Partial<GenerationOptions> = {}) => paperFor(t, { isPredicted: true, options });

describe("predicted papers from a recorded history", () => {
  // In every theme: two topics examined in every series 2018–2024 (steady), two only in 2017 and
  // 2018 (lapsed), the rest never. Each recorded question has one of the five question styles.
  let t: T;
  const steady: string[] = [];
  const lapsed: string[] = [];
  const never: string[] = [];
  const pastShapes = new Set<string>();
  let styleOf: Map<string, string | null>;
  beforeAll(async () => {
    t = await createTestApp();
    const rows: PastQuestion[] = [];
    for (const section of bp.sections) {
      const pool = section.slots[0].topics;
      steady.push(pool[0], pool[1]);
      lapsed.push(pool[2], pool[3]);
      never.push(...pool.slice(4));
    }
    steady.forEach((topic, i) => {
      for (const year of [2018, 2019, 2020, 2021, 2022, 2023, 2024]) {
        rows.push({ id: `past-${topic}-${year}`, topic, style: STYLES[(i + year) % 5], year, series: "June", questionNumber: "01.1" });
      }
    });
    lapsed.forEach((topic, i) => {
      for (const year of [2017, 2018]) rows.push({ id: `past-${topic}-${year}`, topic, style: STYLES[(i + year) % 5], year, series: "June", questionNumber: "01.1" });
    });
    await recordPast(t, bp, rows);
    for (const r of rows) pastShapes.add(`${r.topic}:${r.style}`);
    styleOf = new Map((await t.db.select({ id: questions.id, style: questions.style }).from(questions).all()).map((q) => [q.id, q.style]));
  });

  const marksOn = (doc: PaperDocument, topics: string[]) => itemsOf(doc).filter((i) => topics.includes(i.topic)).reduce((n, i) => n + marksOf(i), 0);
  /** The paper's marks-weighted mean of the trend model's topic weights (0–100), from its evidence. */
  const meanWeight = (doc: PaperDocument) => {
    const ev = doc.evidence!.topics;
    return ev.reduce((n, e) => n + e.score * e.marksOnPaper, 0) / ev.reduce((n, e) => n + e.marksOnPaper, 0);
  };

  it("puts a conservative paper's marks on the steady topics and a speculative paper's on the overdue ones", async () => {
    const conservative = (await predicted(t, { predictionConfidence: "conservative" })).doc;
    const speculative = (await predicted(t, { predictionConfidence: "speculative" })).doc;
    for (const doc of [conservative, speculative]) expect(itemsOf(doc).reduce((n, i) => n + marksOf(i), 0)).toBe(6 * 24);

    // Conservative: most marks on the steady topics, few on those never examined; speculative: the reverse.
    expect(marksOn(conservative, steady)).toBeGreaterThan(1.5 * marksOn(conservative, never));
    expect(marksOn(speculative, never)).toBeGreaterThan(1.5 * marksOn(speculative, steady));
    expect(marksOn(conservative, steady) - marksOn(speculative, steady)).toBeGreaterThanOrEqual(30);
    expect(marksOn(speculative, never) - marksOn(conservative, never)).toBeGreaterThanOrEqual(30);

    // The evidence says why: the steady topics lead the conservative list, with their series and years.
    const first = conservative.evidence!.topics[0];
    expect(steady).toContain(first.topic);
    expect(first).toMatchObject({ score: 100, examined: ["June 2024", "June 2023", "June 2022", "June 2021", "June 2020", "June 2019", "June 2018"] });
    expect(first.reason).toMatch(/^Examined regularly \(\d+ marks over 7 series, last in 2024\)/);
    expect(conservative.evidence!.summary).toMatch(/from 108 past-paper questions/);
    expect(steady).not.toContain(speculative.evidence!.topics[0].topic);
  });

  it("includeTrendsFocus moves the marks towards the topics the trend model expects most", async () => {
    const plain = (await predicted(t)).doc;
    const focused = (await predicted(t, { includeTrendsFocus: true })).doc;
    expect(meanWeight(focused) - meanWeight(plain)).toBeGreaterThanOrEqual(8);
    expect(marksOn(focused, steady)).toBeGreaterThan(marksOn(plain, steady));
  });

  it("includeTopicWeighting gives the most expected topics more questions and prints each topic's weight", async () => {
    const plain = await predicted(t);
    const weighted = await predicted(t, { includeTopicWeighting: true });
    const topicsOf = (doc: PaperDocument) => new Set(itemsOf(doc).map((i) => i.topic)).size;
    // Without weighting a paper spreads over the specification (one question a topic while it can).
    expect(topicsOf(weighted.doc)).toBeLessThanOrEqual(topicsOf(plain.doc) - 4);
    expect(meanWeight(weighted.doc) - meanWeight(plain.doc)).toBeGreaterThanOrEqual(8);
    const weightLines = (bytes: Uint8Array) => [...normalise(pdftotext(bytes)).matchAll(/\(predicted weight (\d+)\/100\)/g)].map((m) => Number(m[1]));
    const printed = weightLines(await pdfOfPaper(t, weighted.id, weighted.cookie));
    expect(printed).toHaveLength(itemsOf(weighted.doc).length);
    expect(printed).toContain(100);
    expect(weightLines(await pdfOfPaper(t, plain.id, plain.cookie))).toEqual([]);
  });

  it("includeNovelQuestionTypes avoids the question styles past papers already set on a topic", async () => {
    const seen = (doc: PaperDocument) => itemsOf(doc).filter((i) => pastShapes.has(`${i.topic}:${styleOf.get(i.questionId)}`)).length;
    const plain = (await predicted(t)).doc;
    const novel = (await predicted(t, { includeNovelQuestionTypes: true })).doc;
    expect(seen(plain)).toBeGreaterThanOrEqual(8);
    expect(seen(novel)).toBeLessThanOrEqual(2);
  });

  it("does not reprint the recorded past questions as predictions while the bank has others", async () => {
    const { doc } = await predicted(t, { predictionConfidence: "conservative", includeTrendsFocus: true });
    expect(itemsOf(doc).filter((i) => i.origin === "past")).toEqual([]);
  });
});

describe("past papers from recorded past-paper questions", () => {
  const themeA = bp.sections[0];
  /** One recorded past paper's theme (0 for Theme A): questions 01.1 to 01.5, each on its own topic. */
  const themeOf = (theme: number, year: number): PastQuestion[] =>
    bp.sections[theme].slots.map((slot, k) => ({
      id: `rs2a-${year}-0${theme + 1}-${k + 1}`,
      topic: slot.topics[k],
      style: slot.style as RsStyle,
      year,
      series: "June",
      questionNumber: `0${theme + 1}.${k + 1}`,
    }));
  const themeAOf = (year: number) => themeOf(0, year);
  const themeAItems = (doc: PaperDocument) => doc.sections[0].questions.flatMap((q) => q.items);

  it("gives unused past questions first, then unused practice ones, never one the student already had while the bank allows", async () => {
    const t = await createTestApp();
    await recordPast(t, bp, [...themeAOf(2019), ...themeAOf(2020)]);
    const s = await studentWithCredits(t, "una", 3);
    const papers: PaperDocument[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await generate(t, requestFor(bp), s.cookie);
      expect(res.status).toBe(200);
      papers.push(await storedDocument(t, (await res.json()).id));
    }
    const [first, second, third] = papers.map(themeAItems);
    // Papers 1 and 2: Theme A is all real past questions, a different five each time.
    expect(first.map((i) => i.origin)).toEqual(["past", "past", "past", "past", "past"]);
    expect(second.map((i) => i.origin)).toEqual(["past", "past", "past", "past", "past"]);
    expect(new Set([...first, ...second].map((i) => i.questionId)).size).toBe(10);
    // Paper 3: the student has had every past question, and the practice bank still has fresh ones.
    expect(third.map((i) => i.origin)).toEqual(["practice", "practice", "practice", "practice", "practice"]);
    const all = papers.flatMap((d) => itemsOf(d).map((i) => i.questionId));
    expect(new Set(all).size).toBe(all.length);
  });

  it("takes past questions of the selected years only, and attributes each to its paper, series and year and question", async () => {
    const t = await createTestApp();
    // 2019 recorded Theme A; eight other years recorded Themes A and B.
    const others = [2015, 2016, 2017, 2018, 2020, 2021, 2022, 2023];
    await recordPast(t, bp, [...themeAOf(2019), ...others.flatMap((year) => [...themeOf(0, year), ...themeOf(1, year)])]);
    const { doc, id, cookie } = await paperFor(t, { options: { selectedYears: [2019] } });
    const items = themeAItems(doc);
    expect(items.map((i) => i.questionId)).toEqual(themeAOf(2019).map((q) => q.id));
    // The other years' past questions are not used while the practice bank can fill the paper:
    // Theme B is all practice questions.
    expect(itemsOf(doc).filter((i) => i.origin === "past")).toHaveLength(5);
    expect(doc.sections[1].questions.flatMap((q) => q.items).map((i) => i.origin)).toEqual(["practice", "practice", "practice", "practice", "practice"]);
    const attributions = items.map((i) => i.attribution);
    expect(attributions).toEqual(["01.1", "01.2", "01.3", "01.4", "01.5"].map((n) => `Past paper: AQA 8062/2A, June 2019, question ${n}`));

    // The viewer's JSON carries each question's attribution.
    const viewer = await (await send(t.app, `/api/generated-papers/${id}`, undefined, cookie)).json();
    expect(viewer.questions.slice(0, 5).map((q: { attribution: string }) => q.attribution)).toEqual(attributions);
    expect(viewer.questions[5].attribution).toMatch(/^ExamPrep practice question, written for ExamPrep in the style of AQA 8062\/2A: not from a past paper\.$/);
    // And the PDF prints it under the question.
    const text = normalise(pdftotext(await pdfOfPaper(t, id, cookie)));
    for (const a of attributions) expect(text).toContain(a);
  });

  it("attributes a past question with board, paper code, series and year, and question number, however the import recorded the series", () => {
    const q = { examBoard: "AQA", paperCode: "8062/2A", questionNumber: "01.1" };
    expect(pastAttribution({ ...q, series: "June", year: 2019 })).toBe("Past paper: AQA 8062/2A, June 2019, question 01.1");
    expect(pastAttribution({ ...q, series: "June 2019", year: 2019 })).toBe("Past paper: AQA 8062/2A, June 2019, question 01.1");
    expect(pastAttribution({ ...q, series: null, year: 2019 })).toBe("Past paper: AQA 8062/2A, 2019, question 01.1");
    expect(pastAttribution({ ...q, paperCode: null, series: "November", year: 2020 })).toBe("Past paper: AQA, November 2020, question 01.1");
  });

  it("GET /api/papers/available-years lists the years of the recorded past questions, newest first", async () => {
    const t = await createTestApp();
    const query = `subject=${encodeURIComponent(bp.paper.subject)}&examBoard=AQA&paperName=${encodeURIComponent(bp.paper.name)}&level=GCSE`;
    const years = async () => (await (await send(t.app, `/api/papers/available-years?${query}`)).json()).availableYears;
    expect(await years()).toEqual([]);
    await recordPast(t, bp, [...themeAOf(2019), ...themeAOf(2022), { id: "rs2a-2017-x", topic: themeA.slots[0].topics[0], style: "mcq", year: 2017, series: "June 2017", questionNumber: "02.1" }]);
    expect(await years()).toEqual([2022, 2019, 2017]);
    // Practice questions have no year, and another paper's past questions are not this paper's.
    const other = await send(t.app, `/api/papers/available-years?subject=Biology&examBoard=AQA&paperName=Paper%201&level=GCSE`);
    expect(await other.json()).toEqual({ availableYears: [] });
    expect((await send(t.app, "/api/papers/available-years?subject=Biology")).status).toBe(400);
  });
});
