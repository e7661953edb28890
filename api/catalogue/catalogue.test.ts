import { seriesOf } from "../../shared/exam-dates.ts";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { createTestApp } from "../test-utils.ts";
import { seed } from "../db/seed.ts";
import { examBoards, levels, papers, subjects, users } from "../db/schema.ts";
import { verifyPassword } from "../auth/password.ts";
import { paperSchema } from "../../shared/schemas.ts";
import { HOME_SUBJECTS, SAMPLE_PAPERS } from "../../shared/constants.ts";
import { invalidateCatalogue, subjectAvailability } from "./service.ts";
import { loadBanks } from "../papers/bank.ts";

describe("catalogue API", () => {
  it("GET /api/papers lists every seeded paper (one per bank file), all AQA GCSE, with a 5-minute cache", async () => {
    const { app } = await createTestApp();
    const res = await app.request("/api/papers");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const body = paperSchema.array().parse(await res.json());
    // One catalogue paper per seeded bank file.
    expect(body).toHaveLength(loadBanks().length);
    expect(new Set(body.map((p) => p.subject))).toEqual(
      new Set(["Religious Studies", "Biology", "Chemistry", "Physics", "Combined Science", "Mathematics", "Computer Science"]),
    );
    for (const p of body) {
      expect(p.examBoard).toBe("AQA");
      expect(p.level).toBe("GCSE");
      // Every seeded paper can be generated: the list carries its blueprint's facts and the admin
      // editor's structure, never the blueprint itself (the engine's data stays on the server).
      expect(p.generation).toMatchObject({ code: expect.stringMatching(/^\d{4}\//), timeMinutes: expect.any(Number) });
      const structure = JSON.parse(p.questionStructure);
      expect(structure.sections).toHaveLength(p.sectionCount);
      const marks = structure.sections.flatMap((s: { questions: { marks: number }[] }) => s.questions.map((q) => q.marks));
      expect(marks.every((m: number) => m > 0)).toBe(true);
      expect(p).not.toHaveProperty("blueprint");
      expect(p.questionStructure).not.toContain('"topics"');
    }
    // A subject's papers in order: by exam date, those without one last, then by name.
    expect(body.filter((p) => p.subject === "Biology").map((p) => p.name)).toEqual(["Paper 1", "Paper 2"]);
    // The six sample papers of the specification are seeded; their dates are the home page's fallback,
    // not a timetable's, so no paper comes with an exam date: each has a source when an admin adds it.
    const samples = body.filter((p) => SAMPLE_PAPERS.some((s) => s.subject === p.subject && s.name === p.name));
    expect(samples).toHaveLength(6);
    for (const p of body) expect([p.examDate, p.examDates]).toEqual([null, []]);
  });

  it("sends the papers list gzip-compressed to a client that accepts it, the same list", async () => {
    const { app } = await createTestApp();
    const plain = await (await app.request("/api/papers")).text();
    const res = await app.request("/api/papers", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    const body = new Uint8Array(await res.arrayBuffer());
    expect(body.length).toBeLessThan(plain.length / 3);
    expect(gunzipSync(body).toString("utf8")).toBe(plain);
  });

  it("GET /api/subjects and /api/exam-boards answer from the database with a 5-minute cache", async () => {
    const { app, db } = await createTestApp();
    const subjectsRes = await app.request("/api/subjects");
    expect(subjectsRes.headers.get("cache-control")).toBe("public, max-age=300");
    const names = ((await subjectsRes.json()) as { name: string }[]).map((s) => s.name);
    expect(names).toEqual([...HOME_SUBJECTS]);

    // A row added to the database shows up once the catalogue changes: the answer is not a constant.
    await db.insert(subjects).values({ name: "Latin", sortOrder: 99 });
    const cached = (await (await app.request("/api/subjects")).json()) as { name: string }[];
    expect(cached).toHaveLength(16);
    invalidateCatalogue(db);
    const again = (await (await app.request("/api/subjects")).json()) as { name: string }[];
    expect(again.at(-1)?.name).toBe("Latin");

    const boardsRes = await app.request("/api/exam-boards");
    expect(boardsRes.headers.get("cache-control")).toBe("public, max-age=300");
    const boards = (await boardsRes.json()) as { name: string; available: boolean }[];
    expect(boards.map((b) => b.name)).toEqual(["AQA", "Edexcel", "OCR", "WJEC/Eduqas", "Cambridge International", "IB"]);
    expect(boards.filter((b) => b.available).map((b) => b.name)).toEqual(["AQA"]);
  });

  it("GET /api/levels lists GCSE and A-Level", async () => {
    const { app } = await createTestApp();
    const body = (await (await app.request("/api/levels")).json()) as { name: string }[];
    expect(body.map((l) => l.name)).toEqual(["GCSE", "A-Level"]);
  });

  it("seeding again changes nothing", async () => {
    const { db } = await createTestApp({ ADMIN_EMAIL: "head@school.org", ADMIN_PASSWORD: "secret123" });
    const counts = async () =>
      Promise.all([subjects, examBoards, levels, papers, users].map(async (t) => (await db.select({ n: count() }).from(t).get())!.n));
    const before = await counts();
    await seed(db, { adminEmail: "head@school.org", adminPassword: "secret123" });
    await seed(db, { adminEmail: "head@school.org", adminPassword: "secret123" });
    expect(await counts()).toEqual(before);
    expect(before).toEqual([16, 6, 2, loadBanks().length, 1]);
  });

  it("creates the admin account from ADMIN_EMAIL / ADMIN_PASSWORD with a hashed password", async () => {
    const { db } = await createTestApp({ ADMIN_EMAIL: "Head@School.org", ADMIN_PASSWORD: "secret123" });
    const admin = (await db.select().from(users).all())[0];
    expect(admin.email).toBe("head@school.org");
    expect(admin.role).toBe("admin");
    expect(admin.passwordHash).not.toContain("secret123");
    expect(await verifyPassword(admin.passwordHash!, "secret123")).toBe(true);
    expect(await verifyPassword(admin.passwordHash!, "secret124")).toBe(false);
  });

  it("creates no account without ADMIN_PASSWORD", async () => {
    const { db } = await createTestApp({ ADMIN_EMAIL: "head@school.org" });
    expect(await db.select().from(users).all()).toEqual([]);
  });
});

const summer = (date: string) => ({ series: seriesOf(date), date, source: "AQA timetable" });

describe("home subject grid", () => {
  it("shows subjects with a paper as available with level and earliest exam date, the rest as coming soon", () => {
    const catalogue = SAMPLE_PAPERS.map((p, i) => ({ ...p, examDates: [summer(p.examDate)], id: i, createdAt: "", sectionCount: 1, questionStructure: "", generation: null, generationNote: null }));
    catalogue.push({ ...catalogue[1], id: 99, examDates: [summer("2025-05-01")], level: "" });
    const grid = subjectAvailability(HOME_SUBJECTS, catalogue, false, "2025-01-10");
    expect(grid).toHaveLength(16);
    expect(grid.find((s) => s.name === "Biology")).toEqual({ name: "Biology", available: true, level: "GCSE", examDate: "2025-05-01" });
    expect(grid.find((s) => s.name === "French")).toEqual({ name: "French", available: false, level: null, examDate: null });
    expect(grid.filter((s) => s.available)).toHaveLength(6);
  });

  it("never shows a date that has passed as the next exam: the next one that has not, or none", () => {
    const catalogue = SAMPLE_PAPERS.map((p, i) => ({ ...p, examDates: [summer(p.examDate)], id: i, createdAt: "", sectionCount: 1, questionStructure: "", generation: null, generationNote: null }));
    const biology = catalogue.find((p) => p.subject === "Biology")!;
    catalogue.push({ ...biology, id: 99, name: "Paper 2", examDates: [summer("2026-11-05"), summer("2027-06-08")] });
    const after = subjectAvailability(HOME_SUBJECTS, catalogue, false, "2026-11-26");
    // Paper 1's date (in 2025) has passed; Paper 2's is the next one.
    expect(after.find((s) => s.name === "Biology")).toMatchObject({ available: true, examDate: "2027-06-08" });
    expect(after.find((s) => s.name === "Chemistry")).toMatchObject({ available: true, examDate: null });
    expect(subjectAvailability(HOME_SUBJECTS, catalogue, false, "2027-06-08").find((s) => s.name === "Biology")!.examDate).toBe("2027-06-08");
    expect(subjectAvailability(HOME_SUBJECTS, catalogue, false, "2027-06-09").find((s) => s.name === "Biology")!.examDate).toBeNull();
  });
});
