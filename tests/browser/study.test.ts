// /study-recommendations in Chromium: the form's rules, an offline plan in its three tabs, Mark Complete
// and the figures that follow, axe on every tab, no sideways scrolling at 375 px; and, against a second
// server whose model is the local OpenAI stand-in, each model failure's title and text (§8).
import { randomBytes } from "node:crypto";
import { createServer as createNetServer, type Server as NetServer, type Socket, connect as netConnect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { baseURL, hydrated, launch, newPage, seriousViolations, serverDb, signIn } from "./helpers.ts";
import { startServer, type TestServer } from "./server.ts";
import { connect, type Database } from "../../api/db/client.ts";
import { generatedPapers, sessions, studyProgress, users } from "../../api/db/schema.ts";
import { hashSessionToken, SESSION_COOKIE } from "../../api/auth/session.ts";
import { type ChatRequest, type OpenAIStandIn, type StandInReply, startOpenAIStandIn } from "../../api/ai/stand-in.ts";
import { STUDY_ERROR_DEFAULT, STUDY_ERRORS, STUDY_SUCCESS } from "../../shared/study.ts";
import { RECOMMENDATION_SUBJECTS, STUDY_METHODS } from "../../shared/constants.ts";
import { eq } from "drizzle-orm";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const toasts = (page: Page) => page.getByTestId("toast-viewport");
const inDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function open(page: Page, base = baseURL()) {
  await page.goto(base + "/study-recommendations");
  await hydrated(page, "StudyPlanner");
}

describe("study recommendations without a model (offline planner)", () => {
  it("applies the form's rules: a subject first, the target grade only after the level and reset when it changes", async () => {
    const page = await newPage(browser);
    await signIn(page.context(), { username: "planner_rules", email: "planner.rules@example.com", fullName: "Rhea Rules" });
    await open(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Generate Recommendations" }).click();
    expect(await page.getByRole("alert").filter({ hasText: "Please select a subject first" }).count()).toBe(1);
    await expect.poll(() => toasts(page).innerText()).toContain("Please select a subject first");

    // Hours 0–24 (default 5), minutes 0/15/30/45 (default 0), and the total.
    expect(await page.getByLabel("Hours").inputValue()).toBe("5");
    expect(await page.getByLabel("Minutes", { exact: true }).inputValue()).toBe("0");
    expect(await page.locator("#study-total").innerText()).toBe("Total: 5 h a week (300 minutes)");
    expect(await page.getByLabel("Minutes", { exact: true }).locator("option").allInnerTexts()).toEqual(["0", "15", "30", "45"]);
    await page.getByLabel("Hours").fill("3");
    await page.getByLabel("Minutes", { exact: true }).selectOption("45");
    expect(await page.locator("#study-total").innerText()).toBe("Total: 3 h 45 min a week (225 minutes)");

    const grade = page.getByLabel("Target grade");
    expect(await grade.isDisabled()).toBe(true);
    await page.getByLabel("Exam level").selectOption("gcse");
    expect(await grade.isDisabled()).toBe(false);
    expect(await grade.locator("option").allInnerTexts()).toEqual(["Choose grade", "9", "8", "7", "6", "5", "4", "3", "2", "1"]);
    await grade.selectOption("7");
    await page.getByLabel("Exam level").selectOption("a-level");
    expect(await grade.inputValue()).toBe("");
    expect(await grade.locator("option").allInnerTexts()).toEqual(["Choose grade", "A*", "A", "B", "C", "D", "E"]);

    // The specification's eight subjects and eight study methods.
    const subjectGroup = page.getByRole("radiogroup");
    expect((await subjectGroup.locator("label").allInnerTexts()).map((t) => t.trim())).toEqual([...RECOMMENDATION_SUBJECTS]);
    const methods = page.getByRole("group", { name: "Preferred study methods" });
    expect((await methods.locator("label").allInnerTexts()).map((t) => t.trim())).toEqual([...STUDY_METHODS]);

    // A failure without an error code: the server's message under the default title.
    await subjectGroup.getByLabel("Biology").check();
    await page.getByLabel("Exam date").fill("2020-01-01");
    await page.getByRole("button", { name: "Generate Recommendations" }).click();
    const card = page.getByTestId("study-error");
    await card.waitFor();
    expect((await card.innerText()).split(/\n+/)).toEqual([STUDY_ERROR_DEFAULT.title, "The exam date has passed: please choose a date in the future."]);
    await expect.poll(() => toasts(page).innerText()).toContain(STUDY_ERROR_DEFAULT.title);
    expect(await page.locator("#exam-date-error").innerText()).toBe("The exam date has passed: please choose a date in the future.");
    await page.close();
  });

  for (const width of [1280, 375]) {
    it(`makes a plan and shows it in the three tabs; Mark Complete logs the time (${width} px)`, async () => {
      const page = await newPage(browser, { viewport: { width, height: 900 } });
      const userId = await signIn(page.context(), { username: `planner_${width}`, email: `planner${width}@example.com`, fullName: "Pia Planner" });
      const db = await serverDb();
      const document = { sections: [{ questions: ["cell-structure", "microscopy", "cell-structure"].map((topic, i) => ({ number: i + 1, items: [{ topic }] })) }] };
      await db.insert(generatedPapers).values({ userId, name: "AQA GCSE Biology Paper 1", subject: "Biology", examBoard: "AQA", level: "GCSE", document: JSON.stringify(document) });
      await open(page);

      // The tabs before a subject is chosen.
      expect(await page.getByRole("tab").allInnerTexts()).toEqual(["Study Recommendations", "Study Schedule", "Progress & Analytics"]);
      await page.getByRole("radio", { name: "Biology" }).check();
      await page.getByText("No recommendations for Biology yet.").waitFor();
      await page.getByLabel("Hours").fill("4");
      await page.getByRole("checkbox", { name: "Flashcards" }).check();
      await page.getByLabel("Exam level").selectOption("gcse");
      await page.getByLabel("Target grade").selectOption("8");
      await page.getByLabel("Exam date").fill(inDays(12));
      await page.getByRole("button", { name: "Generate Recommendations" }).click();
      await expect.poll(() => toasts(page).innerText()).toContain(STUDY_SUCCESS);

      const cards = page.getByTestId("recommendation");
      expect(await cards.count()).toBeGreaterThanOrEqual(3);
      const summary = await page.getByTestId("plan-summary").innerText();
      expect(summary).toContain("Final revision");
      expect(summary).toContain("Made by ExamPrep's planner");
      expect(summary).toContain("grade 8");
      expect(summary).toContain("Built from 1 Biology paper you generated (3 questions)");
      const total = await cards.count();
      const first = cards.first();
      expect(await first.innerText()).toMatch(/Priority/);
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      // Mark Complete: 30 minutes unless the student says otherwise.
      const title = await first.locator("h3").innerText();
      await first.getByLabel("Minutes spent").fill("40");
      await first.getByRole("button", { name: "Mark Complete" }).click();
      await expect.poll(() => toasts(page).innerText()).toContain("Progress Updated");
      await first.getByText("Completed on").waitFor();
      const logged = await db.select().from(studyProgress).where(eq(studyProgress.userId, userId)).all();
      expect(logged).toMatchObject([{ timeSpent: 40, status: "completed", subject: "Biology" }]);
      await cards.nth(1).getByRole("button", { name: "Mark Complete" }).click();
      await cards.nth(1).getByText("Completed on").waitFor();

      // Study Schedule: real sessions, never more than the weekly time.
      await page.getByRole("tab", { name: "Study Schedule" }).click();
      expect(await page.getByTestId("schedule-total").innerText()).toMatch(/^\d+ sessions, .* of your 4 h a week\.$/);
      const days = page.getByTestId("schedule-day");
      expect(await days.count()).toBe(7);
      const sessionMinutes = (await page.getByRole("tabpanel").getByText(/^\d+ minutes$/).allInnerTexts()).map((t) => Number.parseInt(t));
      expect(sessionMinutes.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(sessionMinutes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(240);
      expect(await days.first().innerText()).toMatch(/Monday[\s\S]*17:00–/);
      expect(await page.getByRole("tabpanel").getByText(title).first().isVisible()).toBe(true);
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      // Progress & Analytics: the time logged this week against the goal, the plan, the papers.
      await page.getByRole("tab", { name: "Progress & Analytics" }).click();
      await expect.poll(() => page.getByTestId("stat-week").innerText()).toContain("1 h 10 min");
      expect(await page.getByTestId("stat-week").innerText()).toContain("of your 4 h weekly goal");
      expect(await page.getByTestId("stat-completed").innerText()).toContain(`2 of ${total}`);
      expect(await page.getByTestId("stat-papers").innerText()).toContain("1");
      expect(await page.getByTestId("papers-row").innerText()).toMatch(/Biology\s+1\s+0/);
      expect(await page.getByTestId("recent-activity").first().innerText()).toContain("30 min");
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      // Coming back: the saved plan and its preferences load with the subject.
      await open(page);
      await page.getByRole("radio", { name: "Biology" }).check();
      await page.getByTestId("recommendation").first().waitFor();
      expect(await page.getByLabel("Hours").inputValue()).toBe("4");
      expect(await page.getByLabel("Target grade").inputValue()).toBe("8");
      expect(await page.getByRole("checkbox", { name: "Flashcards" }).isChecked()).toBe(true);
      expect(await page.getByText("Completed on").count()).toBe(2);
      await page.close();
    });
  }
});

// ---- A second server whose model is the local stand-in, behind a proxy that can refuse connections.

/** A TCP proxy to the stand-in; `refuse()` closes it and its connections, so new ones are refused. */
async function startProxy(targetPort: number): Promise<{ port: number; refuse: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: NetServer = createNetServer((client) => {
    const upstream = netConnect(targetPort, "127.0.0.1");
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    port: (server.address() as { port: number }).port,
    refuse: () =>
      new Promise<void>((done) => {
        for (const s of sockets) s.destroy();
        server.close(() => done());
      }),
  };
}

describe("study recommendations from a model (second server, OpenAI stand-in)", () => {
  let standIn: OpenAIStandIn;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let server: TestServer | undefined;
  let base: string;
  let db: Database;
  let reply: (req: ChatRequest) => StandInReply = () => ({ content: "{}" });

  beforeAll(async () => {
    standIn = await startOpenAIStandIn((req) => reply(req));
    proxy = await startProxy(Number(new URL(standIn.baseUrl).port));
    server = await startServer("study-model", {
      OPENAI_API_KEY: "sk-browser-test",
      OPENAI_BASE_URL: `http://127.0.0.1:${proxy.port}/v1`,
      OPENAI_MODEL: "stand-in-model",
    });
    base = server.baseURL;
    db = await connect(server.databaseUrl);
  });
  afterAll(async () => {
    server?.stop();
    await standIn?.close().catch(() => {});
  });

  let n = 0;
  async function studentPage(): Promise<Page> {
    const page = await newPage(browser);
    const context: BrowserContext = page.context();
    const user = await db.insert(users).values({ username: `model_student_${++n}`, email: `model${n}@example.com`, fullName: "Mo Model", role: "user" }).returning().get();
    const token = randomBytes(20).toString("base64url");
    await db.insert(sessions).values({ id: hashSessionToken(token), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: base, httpOnly: true, sameSite: "Lax" }]);
    await open(page, base);
    await page.getByRole("radio", { name: "Chemistry" }).check();
    await page.getByText("No recommendations for Chemistry yet.").waitFor();
    return page;
  }

  async function expectFailure(page: Page, code: keyof typeof STUDY_ERRORS) {
    await page.getByRole("button", { name: "Generate Recommendations" }).click();
    const card = page.getByTestId("study-error");
    await card.waitFor();
    expect((await card.innerText()).split(/\n+/)).toEqual([STUDY_ERRORS[code].title, STUDY_ERRORS[code].text]);
    await expect.poll(() => toasts(page).innerText()).toContain(STUDY_ERRORS[code].title);
    expect(await toasts(page).innerText()).toContain(STUDY_ERRORS[code].text);
    expect(await page.getByTestId("recommendation").count()).toBe(0);
  }

  it("shows the model's recommendations", async () => {
    reply = () => ({
      content: JSON.stringify({
        recommendations: [
          {
            category: "practice_problems",
            title: "Mole calculations under time pressure",
            description: "Ten mole and concentration questions in fifteen minutes, then mark them.",
            priority: "high",
            estimatedTime: 45,
            resources: [{ title: "AQA Chemistry past papers", description: "Paper 1 calculation questions", type: "past_papers" }],
            successMetrics: ["8 of 10 correct with units"],
          },
        ],
      }),
    });
    const page = await studentPage();
    await page.getByRole("button", { name: "Generate Recommendations" }).click();
    await expect.poll(() => toasts(page).innerText()).toContain(STUDY_SUCCESS);
    expect(await page.getByTestId("recommendation").innerText()).toContain("Mole calculations under time pressure");
    expect(await page.getByTestId("plan-summary").innerText()).toContain("Written by the AI model");
    expect(JSON.parse(standIn.requests.at(-1)!.messages[1].content)).toMatchObject({ subject: "Chemistry", weeklyMinutes: 300 });
    expect(await page.getByText(/^An AI model writes your plan/).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("shows 'AI Response Error' for an answer that is not JSON", async () => {
    reply = () => ({ content: "Sure! Here is your plan: revise a lot." });
    const page = await studentPage();
    await expectFailure(page, "AI_PARSING_ERROR");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("shows 'No Recommendations Generated' for an empty list", async () => {
    reply = () => ({ content: JSON.stringify({ recommendations: [] }) });
    const page = await studentPage();
    await expectFailure(page, "NO_RECOMMENDATIONS_GENERATED");
    await page.close();
  });

  it("shows 'Authentication Error' when the model answers 401", async () => {
    reply = () => ({ status: 401, error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } });
    const page = await studentPage();
    await expectFailure(page, "AUTH_ERROR");
    await page.close();
  });

  it("shows 'AI Service Unavailable' when the model answers 503", async () => {
    reply = () => ({ status: 503, error: { message: "The engine is currently overloaded" } });
    const page = await studentPage();
    await expectFailure(page, "OPENAI_API_ERROR");
    await page.close();
  });

  // Last: it closes the way to the model for good.
  it("shows 'Connection Error' when the connection is refused", async () => {
    const page = await studentPage();
    await proxy.refuse();
    await expectFailure(page, "NETWORK_ERROR");
    await page.close();
  });
});
