// From upload to publish, through the real app (issue 13, "Into the bank, after review" and "Past and
// predicted papers use them"): the corpus's AQA Biology paper and its mark scheme are uploaded as
// documents of the seeded AQA GCSE Biology Paper 1, extracted (status, stored JSON, review list with
// answers matched and topics suggested), edited and published; a past paper of 2024 then uses the
// extracted questions with their attribution, the years picker lists 2024, and predicted papers take
// their topic trends from them. Unpublishing and deleting the document take them out of the bank
// again, leaving generated papers as they were. Students get 403, visitors 401.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { eq, like } from "drizzle-orm";
import { createTestApp, send, signedInAs, studentWithCredits, TEST_ORIGIN } from "../test-utils.ts";
import { questions } from "../db/schema.ts";
import { banks, generate, itemsOf, normalise, pdfOfPaper, pdfPages, requestFor, storedDocument, type T } from "../papers/testing.ts";
import { buildCorpus, corpusTruth } from "./corpus/print.ts";
import type { ReviewItem } from "../../shared/extraction-review.ts";
import type { GenerationOptions } from "../../shared/generation.ts";
import type { StoredExtraction } from "./document-extraction.ts";

const bp = banks.find((b) => b.blueprint.code === "8461/1")!.blueprint;
const truth = corpusTruth().papers.find((p) => p.id === "aqa-biology-8461-1h-2024")!;

let t: T;
let admin: { cookie: string };
let student: { cookie: string };
let paperId: number;
let paperDoc: number;
let schemeDoc: number;

function call(path: string, { method = "GET", cookie, json, body }: { method?: string; cookie?: string; json?: unknown; body?: BodyInit } = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  if (json !== undefined) headers["content-type"] = "application/json";
  else if (body) headers["content-type"] = "application/pdf";
  return Promise.resolve(t.app.request(path, { method, headers, body: json !== undefined ? JSON.stringify(json) : body }));
}
async function upload(fileType: string, fileName: string, bytes: Uint8Array) {
  const query = new URLSearchParams({ paperId: String(paperId), fileType, fileName, year: "2024", tier: "Higher" });
  const res = await call(`/api/uploaded-files?${query}`, { method: "POST", cookie: admin.cookie, body: new Uint8Array(bytes) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).fileId as number;
}
const review = async () => (await (await call(`/api/extracted-questions?documentId=${paperDoc}`, { cookie: admin.cookie })).json()) as {
  items: ReviewItem[];
  topics: { id: string; name: string }[];
  document: { pages: number };
};
const itemOf = async (number: string) => (await review()).items.find((i) => i.number === number)!;
const years = async () =>
  (await (await send(t.app, `/api/papers/available-years?${new URLSearchParams({ subject: "Biology", examBoard: "AQA", paperName: "Paper 1", level: "GCSE" })}`)).json()).availableYears as number[];

let students = 0;
async function paperFor(extra: Parameters<typeof requestFor>[1]) {
  const s = await studentWithCredits(t, `learner${++students}`, 1);
  const res = await generate(t, requestFor(bp, { tier: "Higher", ...extra }), s.cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  const id = (await res.json()).id as number;
  return { id, doc: await storedDocument(t, id), cookie: s.cookie };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, { username: "curator", email: "curator@example.com", role: "admin" });
  student = await signedInAs(t, { username: "pupil", email: "pupil@example.com" });
  const papers = (await (await send(t.app, "/api/papers")).json()) as { id: number; subject: string; examBoard: string; name: string }[];
  paperId = papers.find((p) => p.subject === "Biology" && p.examBoard === "AQA" && p.name === "Paper 1")!.id;
  const corpus = await buildCorpus();
  const files = corpus.papers.find((p) => p.id === truth.id)!;
  paperDoc = await upload("pastPaper", "Question paper (Higher): Paper 1 - June 2024", readFileSync(files.pdf));
  schemeDoc = await upload("markScheme", "Mark scheme (Higher): Paper 1 - June 2024", readFileSync(files.markScheme));
}, 120_000);

describe("who may extract and review", () => {
  it("refuses students (403) and visitors (401) on every extraction route, and the JSON viewer", async () => {
    const routes: [string, { method?: string; json?: unknown }][] = [
      [`/api/extract-paper-content/${paperDoc}`, { method: "POST" }],
      [`/api/extraction-status/${paperDoc}`, {}],
      [`/api/extracted-questions?documentId=${paperDoc}`, {}],
      [`/api/extracted-questions/1`, { method: "PATCH", json: { topic: null } }],
      [`/api/extracted-questions/1/publish`, { method: "POST" }],
      [`/api/extracted-questions/publish-all`, { method: "POST", json: { documentId: paperDoc } }],
      [`/api/uploaded-files/${paperDoc}/pages/1`, {}],
      [`/extracted-content/${paperDoc}.json`, {}],
    ];
    for (const [path, init] of routes) {
      expect((await call(path, { ...init, cookie: student.cookie })).status, `student ${path}`).toBe(403);
      expect((await call(path, init)).status, `visitor ${path}`).toBe(401);
    }
  });
});

describe("extracting a past paper into its review list", () => {
  it("is not processed before extraction, and only past papers and examiner reports are extracted", async () => {
    expect(await (await call(`/api/extraction-status/${paperDoc}`, { cookie: admin.cookie })).json()).toMatchObject({ processed: false, questions: 0 });
    expect((await call(`/extracted-content/${paperDoc}.json`, { cookie: admin.cookie })).status).toBe(404);
    const scheme = await call(`/api/extract-paper-content/${schemeDoc}`, { method: "POST", cookie: admin.cookie });
    expect(scheme.status).toBe(400);
    expect((await scheme.json()).message).toBe("Extraction is for past papers and examiner reports: this document is a mark scheme.");
    expect((await call(`/api/extract-paper-content/999999`, { method: "POST", cookie: admin.cookie })).status).toBe(404);
  });

  it("extracts an examiner report too (§4), keeping its JSON but giving it no review list: it holds no questions to publish", async () => {
    const corpus = await buildCorpus();
    const report = await upload("examinerReport", "Examiner report: Paper 1 - June 2024", readFileSync(corpus.papers.find((p) => p.id === "aqa-physics-8463-2f-2023")!.textPdf));
    const res = await call(`/api/extract-paper-content/${report}`, { method: "POST", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await (await call(`/api/extraction-status/${report}`, { cookie: admin.cookie })).json()).toMatchObject({ processed: true });
    expect((await (await call(`/api/extracted-questions?documentId=${report}`, { cookie: admin.cookie })).json()).items).toEqual([]);
    expect((await call(`/extracted-content/${report}.json`, { cookie: admin.cookie })).status).toBe(200);
  });

  it("extracts the paper, matches its mark scheme, and stores the JSON the viewer opens", async () => {
    const res = await call(`/api/extract-paper-content/${paperDoc}`, { method: "POST", cookie: admin.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, processed: true, questions: truth.parts.length, markScheme: { documentId: schemeDoc } });
    expect(await (await call(`/api/extraction-status/${paperDoc}`, { cookie: admin.cookie })).json()).toMatchObject({ processed: true, extracting: false, questions: truth.parts.length, published: 0 });

    const viewer = await call(`/extracted-content/${paperDoc}.json`, { cookie: admin.cookie });
    expect(viewer.headers.get("content-type")).toMatch(/^application\/json/);
    const stored = (await viewer.json()) as StoredExtraction;
    expect(stored.cover).toMatchObject({ board: "AQA", paperCode: "8461/1H", series: "June", year: 2024, tier: "Higher" });
    expect(stored.questions.map((q) => [q.number, q.marks])).toEqual(truth.parts.map((p) => [p.number, p.marks]));
    expect(stored.markScheme!.answers.map((a) => a.number)).toEqual(truth.parts.map((p) => p.number));
  });

  it("lists each question with its parts, answers, page and a topic suggested from the paper's topics", async () => {
    const list = await review();
    expect(list.items.map((i) => i.number)).toEqual(["01", "02", "03", "04", "05", "06"]);
    expect(list.topics.map((x) => x.id)).toEqual(bp.topics.map((x) => x.id));
    const digestion = list.items[1];
    expect(digestion).toMatchObject({ status: "pending", stem: "This question is about digestion.", suggestedTopic: "digestive-system-enzymes", topic: "digestive-system-enzymes" });
    expect(digestion.topicReason).toMatch(/^Suggested Principles of organisation, the digestive system and enzymes \(similarity 0\.\d\d\): the question shares .*“amylase”/);
    expect(digestion.parts.map((p) => [p.number, p.marks])).toEqual([["02.1", 3], ["02.2", 2], ["02.3", 3], ["02.4", 2]]);
    expect(digestion.parts[0].table?.header).toEqual(["Food molecule", "Enzyme", "Product"]);
    expect(digestion.parts[0].answer).toMatch(/amylase.*protease.*fatty acids and glycerol/);
    // Every suggestion is a topic the question's own words name.
    const expected: Record<string, string[]> = {
      "01": ["cell-structure", "microscopy"],
      "03": ["communicable-disease", "vaccination-antibiotics"],
      "04": ["photosynthesis"],
      "05": ["respiration", "metabolism"],
      "06": ["heart-and-blood", "non-communicable-disease"],
    };
    for (const item of list.items.filter((i) => expected[i.number])) expect(expected[item.number], item.number).toContain(item.suggestedTopic);
    for (const item of list.items) expect(item.page).toBeGreaterThan(1); // the cover is page 1
  });

  it("renders a question's page as a PNG for the review list", async () => {
    const item = await itemOf("02");
    const res = await call(`/api/uploaded-files/${paperDoc}/pages/${item.page}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect((await call(`/api/uploaded-files/${paperDoc}/pages/99`, { cookie: admin.cookie })).status).toBe(404);
  });
});

describe("review and publish", () => {
  it("refuses to publish a question without a topic or an answer, with the reason", async () => {
    const item = await itemOf("04");
    const cleared = await call(`/api/extracted-questions/${item.id}`, { method: "PATCH", cookie: admin.cookie, json: { topic: null } });
    expect(cleared.status).toBe(200);
    const res = await call(`/api/extracted-questions/${item.id}/publish`, { method: "POST", cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Choose the question's topic before publishing it.");
    const noAnswer = await call(`/api/extracted-questions/${item.id}`, {
      method: "PATCH",
      cookie: admin.cookie,
      json: { topic: "photosynthesis", parts: [{ ...item.parts[0], answer: " " }] },
    });
    expect(noAnswer.status).toBe(200);
    const again = await call(`/api/extracted-questions/${item.id}/publish`, { method: "POST", cookie: admin.cookie });
    expect((await again.json()).message).toBe(`Part ${item.parts[0].number} has no mark scheme answer: enter it before publishing.`);
    expect((await call(`/api/extracted-questions/${item.id}`, { method: "PATCH", cookie: admin.cookie, json: { topic: "not-a-topic" } })).status).toBe(400);
    // Nothing reached the bank.
    expect(await t.db.select().from(questions).where(eq(questions.origin, "past")).all()).toEqual([]);
    // Put back as extracted, so the whole paper can be published.
    await call(`/api/extracted-questions/${item.id}`, { method: "PATCH", cookie: admin.cookie, json: { parts: [item.parts[0]] } });
  });

  it("publishes an edited question as a past question with a true attribution", async () => {
    const item = await itemOf("02");
    const edited = { ...item.parts[2], text: "Explain why the time taken for the starch to be digested increases when the pH is above 7." };
    expect((await call(`/api/extracted-questions/${item.id}`, { method: "PATCH", cookie: admin.cookie, json: { parts: [edited] } })).status).toBe(200);
    const res = await call(`/api/extracted-questions/${item.id}/publish`, { method: "POST", cookie: admin.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    const { item: published } = (await res.json()) as { item: ReviewItem };
    expect(published.status).toBe("published");
    const [row] = await t.db.select().from(questions).where(eq(questions.origin, "past")).all();
    expect(published.bankIds).toEqual([row.id]);
    expect(row).toMatchObject({ paperId, examBoard: "AQA", subject: "Biology", tier: "Higher", topic: "digestive-system-enzymes", marks: 10, type: "Structured", paperCode: "8461/1H", series: "June", year: 2024, questionNumber: "02" });
    const parts = JSON.parse(row.parts) as { content: string; marks: number; markScheme: string }[];
    expect(parts.map((p) => p.marks)).toEqual([3, 2, 3, 2]);
    expect(parts[0].content).toContain("<table><thead><tr><th>Food molecule</th>");
    expect(parts[2].content).toBe("<p>Explain why the time taken for the starch to be digested increases when the pH is above 7.</p>");
    expect(parts[0].markScheme).toMatch(/amylase/);
  });

  it("publishes all the rest, and the years picker lists 2024", async () => {
    expect(await years()).toEqual([2024]);
    const res = await call(`/api/extracted-questions/publish-all`, { method: "POST", cookie: admin.cookie, json: { documentId: paperDoc } });
    expect(await res.json()).toEqual({ published: 5, skipped: [] });
    expect((await review()).items.every((i) => i.status === "published")).toBe(true);
    expect(await (await call(`/api/extraction-status/${paperDoc}`, { cookie: admin.cookie })).json()).toMatchObject({ published: 6 });
  });
});

describe("past and predicted papers use the published questions", () => {
  let firstPast: { id: number; cookie: string };
  it("puts the 2024 questions that fit the paper's slots on a past paper of 2024, with their attribution", async () => {
    const past = await paperFor({ options: { selectedYears: [2024] } as Partial<GenerationOptions> as GenerationOptions });
    firstPast = past;
    const items = itemsOf(past.doc);
    const fromPaper = items.filter((i) => i.origin === "past");
    // Questions 02 and 03 are 10 marks each, as slots 5 and 7 of Paper 1 are; the others fit no slot.
    expect(fromPaper.map((i) => i.attribution).sort()).toEqual([
      "Past paper: AQA 8461/1H, June 2024, question 02",
      "Past paper: AQA 8461/1H, June 2024, question 03",
    ]);
    const text = normalise(pdfPages(await pdfOfPaper(t, past.id, past.cookie)).join(" "));
    expect(text).toContain("Past paper: AQA 8461/1H, June 2024, question 02");
    expect(text).toContain("Explain why the time taken for the starch to be digested increases when the pH is above 7.");
  });

  it("computes a predicted paper's trends from them: 'conservative' and 'speculative' differ, and 'Why these topics' cites 2024", async () => {
    const conservative = await paperFor({ isPredicted: true, options: { predictionConfidence: "conservative", includeTrendsFocus: true } as GenerationOptions });
    const speculative = await paperFor({ isPredicted: true, options: { predictionConfidence: "speculative", includeTrendsFocus: true } as GenerationOptions });
    const examined = new Set(["cell-structure", "microscopy", "digestive-system-enzymes", "communicable-disease", "vaccination-antibiotics", "photosynthesis", "respiration", "metabolism", "heart-and-blood", "non-communicable-disease"]
      .filter((id) => conservative.doc.evidence!.topics.some((e) => e.topic === id && e.examined.length)));
    expect(examined.size).toBeGreaterThan(0);
    expect(conservative.doc.evidence!.summary).toMatch(/from 6 past-paper questions recorded for this paper/);
    const top = (doc: typeof conservative.doc) => doc.evidence!.topics[0];
    expect(top(conservative.doc).examined).toEqual(["June 2024"]);
    expect(top(speculative.doc).examined).toEqual([]);
    const marksOnExamined = (doc: typeof conservative.doc) => itemsOf(doc).filter((i) => examined.has(i.topic)).reduce((n, i) => n + i.parts.reduce((m, p) => m + p.marks, 0), 0);
    expect(marksOnExamined(conservative.doc)).toBeGreaterThan(marksOnExamined(speculative.doc));
    const pages = pdfPages(await pdfOfPaper(t, conservative.id, conservative.cookie));
    const why = normalise(pages.slice(pages.findIndex((p) => p.includes("Why these topics"))).join(" "));
    expect(why).toContain("Why these topics");
    expect(why).toContain("June 2024");
    expect(why).toMatch(/last in 2024/);
  });

  it("unpublishing takes a question out of future papers; papers already made keep it", async () => {
    const item = await itemOf("02");
    const res = await call(`/api/extracted-questions/${item.id}/unpublish`, { method: "POST", cookie: admin.cookie });
    expect(((await res.json()) as { item: ReviewItem }).item).toMatchObject({ status: "pending", bankIds: [] });
    expect(await t.db.select().from(questions).where(eq(questions.id, item.bankIds[0])).all()).toEqual([]);
    const next = await paperFor({ options: { selectedYears: [2024] } as GenerationOptions });
    expect(itemsOf(next.doc).filter((i) => i.origin === "past").map((i) => i.attribution)).toEqual(["Past paper: AQA 8461/1H, June 2024, question 03"]);
    const kept = await storedDocument(t, firstPast.id);
    expect(itemsOf(kept).some((i) => i.attribution === "Past paper: AQA 8461/1H, June 2024, question 02")).toBe(true);
    expect((await send(t.app, `/api/generated-papers/${firstPast.id}/pdf`, undefined, firstPast.cookie)).status).toBe(200);
  });

  it("re-extracting keeps the admin's decisions; deleting the document takes its questions out of the bank", async () => {
    expect((await call(`/api/extract-paper-content/${paperDoc}`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    const after = await review();
    expect(after.items.filter((i) => i.status === "published").map((i) => i.number)).toEqual(["01", "03", "04", "05", "06"]);
    expect(after.items.find((i) => i.number === "02")!.status).toBe("pending");
    const del = await call(`/api/uploaded-files/${paperDoc}`, { method: "DELETE", cookie: admin.cookie });
    expect(del.status).toBe(200);
    expect(await t.db.select().from(questions).where(like(questions.id, `past-${paperDoc}-%`)).all()).toEqual([]);
    expect(await years()).toEqual([]);
    expect((await call(`/api/extraction-status/${paperDoc}`, { cookie: admin.cookie })).status).toBe(404);
    expect((await storedDocument(t, firstPast.id)).sections.length).toBeGreaterThan(0);
  });
});
