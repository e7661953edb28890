// The paper engine through the API: every seeded blueprint yields complete past and predicted papers,
// credits are reserved and given back, papers are private, and the PDF holds what the paper holds.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import { createTestApp, send, studentWithCredits } from "../test-utils.ts";
import { generatedPaperQuestions, generatedPapers, papers, questions, transactions, users } from "../db/schema.ts";
import { ledgerMismatches } from "../credits/ledger.ts";
import type { App } from "../app.ts";
import type { Deps } from "../context.ts";
import { loadBanks } from "./bank.ts";
import { htmlToText } from "./html.ts";
import { boardLabel } from "./pdf.ts";
import { scoreTopics } from "./predict.ts";
import type { GenerationRequestInput, PaperDocument } from "../../shared/generation.ts";
import { allSlots, type Blueprint } from "../../shared/papers.ts";

type T = Deps & { app: App };
const banks = loadBanks();
const requestFor = (bp: Blueprint, extra: Partial<GenerationRequestInput> = {}): GenerationRequestInput => ({
  subject: bp.paper.subject,
  examBoard: bp.paper.examBoard,
  paperName: bp.paper.name,
  level: bp.paper.level,
  isPredicted: false,
  ...extra,
});
const generate = (t: T, body: unknown, cookie: string) => send(t.app, "/api/generate-enhanced-paper", body, cookie);
const balance = async (t: T, userId: number) => (await t.db.select().from(users).where(eq(users.id, userId)).get())!.credits;
const storedDocument = async (t: T, id: number) =>
  JSON.parse((await t.db.select().from(generatedPapers).where(eq(generatedPapers.id, id)).get())!.document) as PaperDocument;

/** The checks every generated paper must pass against its blueprint. */
function expectFitsBlueprint(doc: PaperDocument, bp: Blueprint) {
  const items = doc.sections.flatMap((s) => s.questions.flatMap((q) => q.items));
  expect(items).toHaveLength(allSlots(bp).length);
  const sectionMarks = doc.sections.map((s) => s.questions.reduce((n, q) => n + q.items.reduce((m, i) => m + i.parts.reduce((k, p) => k + p.marks, 0), 0), 0));
  const answered = bp.answerSections ? sectionMarks[0] * bp.answerSections : sectionMarks.reduce((a, b) => a + b, 0);
  if (bp.answerSections) expect(new Set(sectionMarks).size).toBe(1);
  expect(answered).toBe(bp.totalMarks);
  expect(doc.totalMarks).toBe(bp.totalMarks);
  const ids = items.map((i) => i.questionId);
  expect(new Set(ids).size).toBe(ids.length);
  for (const item of items) {
    expect(item.attribution.length).toBeGreaterThan(20);
    if (item.origin === "practice") expect(item.attribution).toMatch(/^ExamPrep practice question, written for ExamPrep in the style of AQA .*: not from a past paper\.$/);
  }
}

describe("generation from every seeded blueprint", () => {
  let t: T;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await studentWithCredits(t, "sam", 200));
  });

  for (const bank of banks) {
    const bp = bank.blueprint;
    for (const tier of bp.tiers.length ? bp.tiers : [undefined]) {
      for (const isPredicted of [false, true]) {
        it(`${bp.paper.subject} ${bp.paper.name}${tier ? ` ${tier}` : ""}: ${isPredicted ? "predicted" : "past"} paper fits the blueprint`, async () => {
          const res = await generate(t, requestFor(bp, { isPredicted, tier }), cookie);
          expect(res.status, await res.clone().text()).toBe(200);
          const body = await res.json();
          expect(body).toMatchObject({ success: true, pdfUrl: `/api/generated-papers/${body.id}/pdf` });
          const doc = await storedDocument(t, body.id);
          expect(doc.kind).toBe(isPredicted ? "predicted" : "past");
          expect(doc.tier).toBe(tier);
          expectFitsBlueprint(doc, bp);
          if (isPredicted) expect(doc.evidence?.topics.length).toBeGreaterThan(0);
        });
      }
    }
  }

  it("gives a student three papers of the same kind with no question repeated across them", async () => {
    const bp = banks.find((b) => b.blueprint.paper.subject === "Biology")!.blueprint;
    const student = await studentWithCredits(t, "rory", 3);
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const body = await (await generate(t, requestFor(bp, { tier: "Higher" }), student.cookie)).json();
      seen.push(...(await storedDocument(t, body.id)).sections.flatMap((s) => s.questions.flatMap((q) => q.items.map((x) => x.questionId))));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(await balance(t, student.userId)).toBe(0);
  });
});

describe("predicted topics", () => {
  const topics = [
    { id: "steady", name: "Steady", description: "Examined in every series." },
    { id: "lapsed", name: "Lapsed", description: "Examined early on, then not again." },
    { id: "never", name: "Never", description: "Never examined in the record." },
  ];
  const history = [2018, 2019, 2020, 2021, 2022, 2023, 2024].map((year) => ({ topic: "steady", marks: 10, year, series: `June ${year}` }))
    .concat([{ topic: "lapsed", marks: 10, year: 2018, series: "June 2018" }, { topic: "lapsed", marks: 6, year: 2019, series: "June 2019" }]);
  const order = (confidence: "conservative" | "balanced" | "speculative") =>
    scoreTopics(topics, history, confidence).sort((a, b) => b.score - a.score).map((s) => s.topic.id);

  it("moves from reliable topics (conservative) to overdue ones (speculative)", () => {
    expect(order("conservative")[0]).toBe("steady");
    expect(order("speculative").indexOf("steady")).toBe(2);
    expect(order("speculative").slice(0, 2).sort()).toEqual(["lapsed", "never"]);
    const lapsed = (c: "conservative" | "speculative") => scoreTopics(topics, history, c).find((s) => s.topic.id === "lapsed")!.score;
    const steady = (c: "conservative" | "speculative") => scoreTopics(topics, history, c).find((s) => s.topic.id === "steady")!.score;
    expect(lapsed("speculative") - steady("speculative")).toBeGreaterThan(lapsed("conservative") - steady("conservative"));
  });

  it("uses recorded past-paper questions: conservative papers lead with the steady topic, speculative ones do not", async () => {
    const t = await createTestApp();
    const student = await studentWithCredits(t, "pat", 4);
    const bank = banks.find((b) => b.blueprint.paper.name === "Paper 2A - Thematic Studies")!;
    const bp = bank.blueprint;
    const paper = (await t.db.select().from(papers).where(and(eq(papers.subject, "Religious Studies"), eq(papers.name, bp.paper.name))).get())!;
    const themeA = bp.topics.filter((x) => x.id.startsWith("theme-a"));
    const [steady, lapsed] = themeA;
    // Record past-paper questions as the admin import would: the steady topic every year, the lapsed one only in 2018.
    const template = bank.questions.find((q) => q.topic.startsWith("theme-a") && q.style === "mcq")!;
    let n = 0;
    const record = (topic: string, year: number) =>
      t.db.insert(questions).values({
        id: `past-test-${++n}`, paperId: paper.id, examBoard: "AQA", subject: "Religious Studies", level: "GCSE", tier: "Both",
        topic, style: "mcq", type: "Multiple Choice", marks: 1, parts: JSON.stringify(template.parts), origin: "past",
        attribution: "", paperCode: "8062/2A", series: `June ${year}`, year, questionNumber: "01.1",
      });
    for (const year of [2019, 2020, 2021, 2022, 2023, 2024]) await record(steady.id, year);
    await record(lapsed.id, 2018);

    const evidence = async (predictionConfidence: string) => {
      const res = await generate(t, requestFor(bp, { isPredicted: true, options: { predictionConfidence } as never }), student.cookie);
      expect(res.status).toBe(200);
      return (await storedDocument(t, (await res.json()).id)).evidence!;
    };
    const conservative = await evidence("conservative");
    expect(conservative.topics[0]).toMatchObject({ topic: steady.id, score: 100, examined: ["June 2024", "June 2023", "June 2022", "June 2021", "June 2020", "June 2019"] });
    expect(conservative.summary).toMatch(/7 past-paper questions/);
    const speculative = await evidence("speculative");
    const steadyScore = speculative.topics.find((x) => x.topic === steady.id)?.score ?? 0;
    expect(speculative.topics[0].topic).not.toBe(steady.id);
    expect(steadyScore).toBeLessThan(50);
  });
});

describe("credits", () => {
  const bp = banks.find((b) => b.blueprint.paper.subject === "Computer Science")!.blueprint;

  it("refuses a student with no credits with 402 and creates nothing", async () => {
    const t = await createTestApp();
    const broke = await studentWithCredits(t, "broke", 0);
    const res = await generate(t, requestFor(bp), broke.cookie);
    expect(res.status).toBe(402);
    expect((await res.json()).message).toBe("You need 1 credit to generate a paper. Buy credits to continue.");
    expect(await t.db.select().from(generatedPapers).all()).toEqual([]);
    expect(await t.db.select().from(transactions).where(eq(transactions.userId, broke.userId)).all()).toEqual([]);
  });

  it("charges one credit a paper, and nothing to an admin", async () => {
    const t = await createTestApp({ ADMIN_EMAIL: "head@school.test" });
    const s = await studentWithCredits(t, "kim", 2);
    expect((await generate(t, requestFor(bp, { isPredicted: true }), s.cookie)).status).toBe(200);
    expect(await balance(t, s.userId)).toBe(1);
    const usage = await t.db.select().from(transactions).where(and(eq(transactions.userId, s.userId), eq(transactions.transactionType, "paper_generation"))).all();
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ creditsDeducted: 1, description: `Predicted paper: Computer Science ${bp.paper.name}` });
    const head = await studentWithCredits(t, "head", 0);
    await t.db.update(users).set({ email: "head@school.test" }).where(eq(users.id, head.userId));
    expect((await generate(t, requestFor(bp), head.cookie)).status).toBe(200);
    expect(await balance(t, head.userId)).toBe(0);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("gives the credit back when the paper cannot be built", async () => {
    const t = await createTestApp();
    const s = await studentWithCredits(t, "lee", 1);
    const paper = (await t.db.select().from(papers).where(eq(papers.subject, "Computer Science")).get())!;
    // A bank emptied by an admin: a real failure of the build after the credit is reserved.
    await t.db.delete(questions).where(eq(questions.paperId, paper.id));
    const res = await generate(t, requestFor(bp), s.cookie);
    expect(res.status).toBe(503);
    expect((await res.json()).message).toMatch(/not enough questions in the bank.*Your credit has not been used/);
    expect(await balance(t, s.userId)).toBe(1);
    const ledger = await t.db.select().from(transactions).where(eq(transactions.userId, s.userId)).all();
    expect(ledger.map((r) => r.transactionType)).toEqual(["admin_grant", "paper_generation", "refund"]);
    expect(await t.db.select().from(generatedPapers).all()).toEqual([]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("lets five simultaneous generations by a student with 1 credit make exactly one paper", async () => {
    const t = await createTestApp();
    const s = await studentWithCredits(t, "max", 1);
    const results = await Promise.all(Array.from({ length: 5 }, () => generate(t, requestFor(bp), s.cookie)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 402, 402, 402, 402]);
    expect(await t.db.select().from(generatedPapers).all()).toHaveLength(1);
    expect(await balance(t, s.userId)).toBe(0);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("validates the request with clear messages", async () => {
    const t = await createTestApp();
    const s = await studentWithCredits(t, "val", 1);
    const missing = await generate(t, { ...requestFor(bp), paperName: "" }, s.cookie);
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe("Please choose a paper");
    const badOption = await generate(t, { ...requestFor(bp), options: { difficultyLevel: "impossible" } }, s.cookie);
    expect(badOption.status).toBe(400);
    const unknown = await generate(t, { ...requestFor(bp), paperName: "Paper 9" }, s.cookie);
    expect(unknown.status).toBe(404);
    expect(await balance(t, s.userId)).toBe(1);
    expect((await send(t.app, "/api/generate-enhanced-paper", requestFor(bp))).status).toBe(401);
  });
});

describe("a student's papers", () => {
  it("lists, shows, serves and deletes only the owner's papers", async () => {
    const t = await createTestApp();
    const owner = await studentWithCredits(t, "owner", 3);
    const other = await studentWithCredits(t, "other", 0);
    const bp = banks.find((b) => b.blueprint.paper.name === "Paper 2A - Thematic Studies")!.blueprint;
    const first = await (await generate(t, requestFor(bp), owner.cookie)).json();
    const second = await (await generate(t, requestFor(bp, { isPredicted: true }), owner.cookie)).json();

    const listRes = await send(t.app, "/api/generated-papers", undefined, owner.cookie);
    expect(listRes.headers.get("x-total-count")).toBe("2");
    const list = await listRes.json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({ isPredicted: true, subject: "Religious Studies", examBoard: "AQA", pdfUrl: `/api/generated-papers/${second.id}/pdf` });
    expect(await (await send(t.app, "/api/generated-papers?page=2&pageSize=1", undefined, owner.cookie)).json()).toMatchObject([{ id: first.id }]);

    const viewer = await (await send(t.app, `/api/generated-papers/${first.id}`, undefined, owner.cookie)).json();
    expect(viewer).toMatchObject({ success: true, format: "json", subject: "Religious Studies", examBoard: "AQA", isPredicted: false });
    expect(viewer.questions).toHaveLength(30);
    expect(viewer.questions[0]).toMatchObject({ questionNumber: "01.1", marks: 1, sectionName: expect.stringMatching(/^Theme A/) });
    expect(viewer.questions.every((q: { content: string; modelAnswer: string }) => !/<script|onerror|javascript:/i.test(q.content + q.modelAnswer))).toBe(true);
    expect(viewer.evidence).toBeNull();
    const predictedViewer = await (await send(t.app, `/api/generated-papers/${second.id}`, undefined, owner.cookie)).json();
    expect(predictedViewer.evidence.summary).toMatch(/No past-paper questions have been recorded/);
    expect(predictedViewer.evidence.topics.length).toBeGreaterThan(3);

    for (const path of [`/api/generated-papers/${first.id}`, `/api/generated-papers/${first.id}/pdf`]) {
      expect((await send(t.app, path, undefined, other.cookie)).status).toBe(404);
      expect((await send(t.app, path)).status).toBe(401);
    }
    expect((await send(t.app, `/api/generated-papers/${first.id}`, undefined, other.cookie, "DELETE")).status).toBe(404);
    expect(await (await send(t.app, "/api/generated-papers", undefined, other.cookie)).json()).toEqual([]);

    const pdf = await send(t.app, `/api/generated-papers/${first.id}/pdf`, undefined, owner.cookie);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

    const del = await send(t.app, `/api/generated-papers/${first.id}`, undefined, owner.cookie, "DELETE");
    expect(await del.json()).toEqual({ message: "The generated paper has been deleted successfully." });
    expect(await t.db.select().from(generatedPaperQuestions).where(eq(generatedPaperQuestions.generatedPaperId, first.id)).all()).toEqual([]);
    expect(await (await send(t.app, "/api/history/all", undefined, owner.cookie, "DELETE")).json()).toMatchObject({ deleted: 1 });
    expect(await (await send(t.app, "/api/generated-papers", undefined, owner.cookie)).json()).toEqual([]);
  });
});

describe("the PDF", () => {
  const dir = mkdtempSync(join(tmpdir(), "examprep-pdf-"));
  const normalise = (s: string) => s.replace(/\s+/g, " ").trim();

  async function pdfFor(request: GenerationRequestInput) {
    const t = await createTestApp();
    const s = await studentWithCredits(t, "pdf", 1);
    const body = await (await generate(t, request, s.cookie)).json();
    const bytes = new Uint8Array(await (await send(t.app, body.pdfUrl, undefined, s.cookie)).arrayBuffer());
    return { bytes, doc: await storedDocument(t, body.id) };
  }
  const pdftotext = (bytes: Uint8Array) => {
    const file = join(dir, `${crypto.randomUUID()}.pdf`);
    writeFileSync(file, bytes);
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  };

  it("holds the cover, every question with its marks, and the mark scheme, as real text", async () => {
    const bp = banks.find((b) => b.blueprint.paper.subject === "Biology")!.blueprint;
    const { bytes, doc } = await pdfFor(requestFor(bp, { tier: "Foundation", options: { includeMarkScheme: true, includeTimeAllocation: true } }));
    const text = pdftotext(bytes);
    const flat = normalise(text);
    for (const cover of ["AQA", "GCSE BIOLOGY", "Foundation Tier", "Paper 1", "Time allowed: 1 hour 45 minutes", "Surname", "Forename(s)", "Candidate signature", "Materials", "Instructions", "Information", "Practice paper"]) {
      expect(flat).toContain(cover);
    }
    expect(flat).toContain("Turn over");
    expect(flat).toContain("END OF QUESTIONS");
    expect(flat).toContain("Mark scheme");
    expect(flat).toMatch(/Suggested time: \d+ minutes/);
    const parts = doc.sections.flatMap((s) => s.questions.flatMap((q) => q.items.flatMap((i) => i.parts)));
    for (const part of parts) {
      expect(flat.replace(/\s/g, "")).toContain(boardLabel(part.number).replace(/\s/g, ""));
      // The opening words of the question's first paragraph (lists and tables are laid out with bullets and cells).
      const opening = normalise(htmlToText(part.content.split(/<(?:ul|ol|table|pre)>/)[0])).split(" ").slice(0, 5).join(" ");
      // Compared without spaces: a subscript or superscript (CO<sub>2</sub>) is set apart in HTML but not in the PDF.
      expect(flat.replace(/\s/g, ""), `question ${part.number}: ${opening}`).toContain(opening.replace(/\s/g, ""));
    }
    const marks = [...text.matchAll(/\[(\d+) marks?\]/g)].map((m) => Number(m[1]));
    // Each part's marks appear twice: on the question and in the mark scheme.
    expect(marks.reduce((a, b) => a + b, 0)).toBe(2 * bp.totalMarks);
    expect(Math.max(...[...text.matchAll(/^(\d+)$/gm)].map((m) => Number(m[1])))).toBeGreaterThan(5);
  });

  it("prints nothing under 16 pt in the large-text version", async () => {
    const bp = banks.find((b) => b.blueprint.paper.name === "Paper 2A - Thematic Studies")!.blueprint;
    const { bytes } = await pdfFor(requestFor(bp, { isPredicted: true, options: { useLargeTextFormat: true, includeMarkScheme: true } }));
    const pdf = await PDFDocument.load(bytes);
    const sizes: number[] = [];
    for (const page of pdf.getPages()) {
      const contents = page.node.Contents();
      const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
      for (const stream of streams) {
        const data = new TextDecoder("latin1").decode(decodePDFRawStream(stream as PDFRawStream).decode());
        for (const m of data.matchAll(/\/[A-Za-z0-9-]+ ([\d.]+) Tf/g)) sizes.push(Number(m[1]));
      }
    }
    expect(sizes.length).toBeGreaterThan(100);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(16);
    expect(normalise(pdftotext(bytes))).toContain("Why these topics");
  });
});

describe("predicted paper options", () => {
  it("difficultyLevel moves the paper towards harder or easier questions", async () => {
    const t = await createTestApp();
    const bp = banks.find((b) => b.blueprint.paper.subject === "Biology")!.blueprint;
    const paper = (await t.db.select().from(papers).where(eq(papers.subject, "Biology")).get())!;
    const { generationRequestSchema } = await import("../../shared/generation.ts");
    const { buildPaper, difficultyOf } = await import("./generate.ts");
    const rows = await t.db.select().from(questions).where(eq(questions.paperId, paper.id)).all();
    const byId = new Map(rows.map((r) => [r.id, { tier: r.tier as "Both", parts: JSON.parse(r.parts) }]));
    const meanDifficulty = async (difficultyLevel: string, tier: "Foundation" | "Higher") => {
      const request = generationRequestSchema.parse({ ...requestFor(bp, { isPredicted: true, tier }), options: { difficultyLevel } });
      const built = await buildPaper({ db: t.db, catalogue: paper, blueprint: bp, request, userId: 0, random: () => 0.5 });
      const ds = built.questionIds.map((id) => difficultyOf(byId.get(id)!));
      return ds.reduce((a, b) => a + b, 0) / ds.length;
    };
    expect(await meanDifficulty("hard", "Higher")).toBeGreaterThan(await meanDifficulty("easy", "Higher"));
    expect(await meanDifficulty("hard", "Foundation")).toBeGreaterThan(await meanDifficulty("easy", "Foundation"));
  });

  it("includeContemporaryIssues prefers questions set in present-day contexts", async () => {
    const t = await createTestApp();
    const bp = banks.find((b) => b.blueprint.paper.name === "Paper 2A - Thematic Studies")!.blueprint;
    const paper = (await t.db.select().from(papers).where(eq(papers.name, bp.paper.name)).get())!;
    const { generationRequestSchema } = await import("../../shared/generation.ts");
    const { buildPaper, CONTEMPORARY } = await import("./generate.ts");
    const contemporary = async (includeContemporaryIssues: boolean) => {
      const request = generationRequestSchema.parse({ ...requestFor(bp, { isPredicted: true }), options: { includeContemporaryIssues } });
      const built = await buildPaper({ db: t.db, catalogue: paper, blueprint: bp, request, userId: 0, random: () => 0.5 });
      const items = built.document.sections.flatMap((s) => s.questions.flatMap((q) => q.items));
      return items.filter((i) => CONTEMPORARY.test(htmlToText([i.stem ?? "", ...i.parts.map((p) => p.content)].join(" ")))).length;
    };
    expect(await contemporary(true)).toBeGreaterThan(await contemporary(false));
  });
});
