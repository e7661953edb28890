// Exam mode in the browser (issue 15): a generated paper sat on screen from the generator's toast
// with extra time, answers saved as typed and kept through a reload, a second tab and a lost
// connection, the clock counting to the server's deadline, the paper handed in through the confirm
// dialog, and the results with marks per topic and per part, marked by the student where they must.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseURL, grantCredits, hydrated, launch, newPage, seriousViolations, serverDb, signIn } from "./helpers.ts";
import { sittings } from "../../api/db/schema.ts";
import { eq } from "drizzle-orm";
import type { SittingPart, SittingResult, SittingView } from "../../shared/sittings.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function apiJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(baseURL() + path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** The first part of a kind, with the index of its question in the exam page's list. */
function findPart(view: SittingView, kind: SittingPart["kind"]): { part: SittingPart; question: number } {
  const questions = view.sections.flatMap((s) => s.questions);
  for (const [question, q] of questions.entries()) {
    for (const part of q.items.flatMap((i) => i.parts)) if (part.kind === kind) return { part, question: question };
  }
  throw new Error(`The paper has no ${kind} part`);
}

async function openQuestion(page: Page, view: SittingView, index: number) {
  const number = view.sections.flatMap((s) => s.questions)[index].number;
  await page.getByTestId("question-navigator").getByRole("button", { name: new RegExp(`^Question ${number}:`) }).click();
  await page.locator(`[data-testid=sitting-question][data-question="${number}"]`).waitFor();
}

const partField = (page: Page, number: string) => page.locator(`[data-testid=sitting-part][data-part="${number}"]`);
const remainingMs = async (page: Page) => Number(await page.getByTestId("countdown").getAttribute("data-remaining-ms"));
const saveStatus = (page: Page) => page.getByTestId("save-status").getAttribute("data-status");

async function screenshots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
    expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("sitting a paper", () => {
  let page: Page;
  let sittingId: number;
  let view: SittingView;
  let choice: { part: SittingPart; question: number };
  let number: { part: SittingPart; question: number };
  let short: { part: SittingPart; question: number };
  let userId: number;

  beforeAll(async () => {
    page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    // Every page of the journey is held to the Content-Security-Policy (the figures, the bars).
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        const w = window as unknown as { cspViolations?: string[] };
        (w.cspViolations ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    userId = await signIn(page.context(), { username: "sitter", email: "sitter@example.com", fullName: "Sam Sitter" });
    await grantCredits(userId, 1);
  });
  afterAll(async () => {
    await page?.close();
  });

  it("starts from the generator's success toast, with 25% extra time, on the server's deadline", async () => {
    await page.goto(baseURL() + "/exam-generator?mode=past");
    await hydrated(page, "ExamGenerator");
    await page.getByLabel("Subject", { exact: true }).selectOption("Physics");
    await page.getByLabel("Paper", { exact: true }).selectOption({ label: "Paper 1" });
    await page.getByRole("radio", { name: /^Higher/ }).check();
    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Generate Past Paper" }).click();
    await (await popup).close();
    await page.getByTestId("toast-viewport").getByRole("button", { name: "Sit this paper" }).click();
    const dialog = page.getByTestId("sit-paper-dialog");
    await dialog.getByRole("heading", { name: "Sit this paper" }).waitFor();
    expect(await dialog.innerText()).toContain("1 h 45 min");
    await dialog.getByRole("radio", { name: "25% extra time" }).check();
    // 105 minutes and a quarter: the dialog says the time the server will set, to the second.
    expect(await dialog.getByTestId("sit-time").innerText()).toBe("Time allowed: 2 h 11 min 15 s");
    await dialog.getByRole("button", { name: "Start" }).click();
    await page.waitForURL(/\/sittings\/\d+$/);
    sittingId = Number(page.url().split("/").at(-1));

    view = await apiJson<SittingView>(page, `/api/sittings/${sittingId}`);
    expect(view.status).toBe("in_progress");
    expect(view.extraTime).toBe(25);
    expect((Date.parse(view.deadline) - Date.parse(view.startedAt)) / 1000).toBe(105 * 60 * 1.25);
    choice = findPart(view, "choice");
    number = findPart(view, "number");
    short = findPart(view, "short");

    await hydrated(page, "SittingExam");
    await page.getByTestId("sitting-exam").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(view.paperName);
    // The clock counts to the server's deadline (by the server's clock), not to a time of the browser's own.
    const shown = await remainingMs(page);
    const expected = Date.parse(view.deadline) - Date.parse(view.now);
    expect(Math.abs(shown - expected)).toBeLessThan(15_000);
  });

  it("the viewer's 'Sit this paper' opens the sitting already under way, its clock not restarted", async () => {
    await page.goto(baseURL() + `/papers/${view.generatedPaperId}`);
    await hydrated(page, "PaperViewer");
    await page.getByRole("button", { name: "Sit this paper" }).click();
    await page.getByTestId("sit-paper-dialog").getByRole("button", { name: "Start" }).click();
    await page.waitForURL(new RegExp(`/sittings/${sittingId}$`));
    expect((await apiJson<SittingView>(page, `/api/sittings/${sittingId}`)).deadline).toBe(view.deadline);
  });

  it("saves a choice, a number and a short answer as they are typed, and a reload finds them and the clock", async () => {
    await hydrated(page, "SittingExam");
    await page.getByTestId("sitting-exam").waitFor();
    await openQuestion(page, view, choice.question);
    const option = choice.part.options![1];
    await partField(page, choice.part.number).getByRole("radio", { name: option, exact: true }).check();
    await openQuestion(page, view, number.question);
    await page.getByLabel(`Answer to ${number.part.number}`).fill("42.5");
    await openQuestion(page, view, short.question);
    await page.getByLabel(`Answer to ${short.part.number}`).fill("The particles gain kinetic energy");
    // Saved on the server (asked until the debounced save has gone, rather than trusting the status's timing).
    await expect.poll(async () => {
      const { answers } = await apiJson<SittingView>(page, `/api/sittings/${sittingId}`);
      return [answers[choice.part.number], answers[number.part.number], answers[short.part.number]];
    }).toEqual([option, "42.5", "The particles gain kinetic energy"]);
    await expect.poll(() => saveStatus(page)).toBe("saved");

    const before = await remainingMs(page);
    await page.reload();
    await hydrated(page, "SittingExam");
    await page.getByTestId("sitting-exam").waitFor();
    const after = await remainingMs(page);
    expect(after).toBeLessThanOrEqual(before);
    expect(after).toBeGreaterThan(before - 30_000);
    await openQuestion(page, view, choice.question);
    expect(await partField(page, choice.part.number).getByRole("radio", { name: option, exact: true }).isChecked()).toBe(true);
    await openQuestion(page, view, number.question);
    expect(await page.getByLabel(`Answer to ${number.part.number}`).inputValue()).toBe("42.5");
    // The question list shows what is answered.
    expect(await page.getByTestId("parts-answered").innerText()).toMatch(/^3 of \d+ parts answered$/);
    const listed = page.getByTestId("question-navigator").getByRole("button", { name: new RegExp(`^Question ${view.sections.flatMap((s) => s.questions)[number.question].number}:`) });
    expect(await listed.getAttribute("aria-label")).toMatch(/answered/);
    expect(await listed.getAttribute("aria-label")).not.toMatch(/not answered/);
  });

  it("a second tab of the sitting shows the answers typed in the first", async () => {
    const second = await page.context().newPage();
    await second.goto(baseURL() + `/sittings/${sittingId}`);
    await hydrated(second, "SittingExam");
    await second.getByTestId("sitting-exam").waitFor();
    await openQuestion(second, view, short.question);
    await openQuestion(page, view, short.question);
    await page.getByLabel(`Answer to ${short.part.number}`).fill("Typed in the first tab");
    await expect.poll(() => second.getByLabel(`Answer to ${short.part.number}`).inputValue()).toBe("Typed in the first tab");
    await expect.poll(() => saveStatus(page)).toBe("saved");
    await second.close();
  });

  it("offline, keeps the answers on the device and sends them when the connection is back", async () => {
    await openQuestion(page, view, short.question);
    await page.context().setOffline(true);
    await page.getByLabel(`Answer to ${short.part.number}`).fill("Written while offline");
    await expect.poll(() => page.getByTestId("save-status-text").innerText()).toBe("Offline – answers kept on this device");
    const queued = await page.evaluate((id) => localStorage.getItem(`examprep:sitting:${id}:pending`), sittingId);
    expect(queued).toContain("Written while offline");
    await page.context().setOffline(false);
    await expect.poll(() => saveStatus(page)).toBe("saved");
    const saved = await apiJson<SittingView>(page, `/api/sittings/${sittingId}`);
    expect(saved.answers[short.part.number]).toBe("Written while offline");
    expect(await page.evaluate((id) => localStorage.getItem(`examprep:sitting:${id}:pending`), sittingId)).toBeNull();
  });

  it("submits through a dialog that lists the unanswered and flagged parts, then shows the results per topic", async () => {
    await openQuestion(page, view, number.question);
    await partField(page, number.part.number).getByRole("button", { name: `Flag ${number.part.number} to come back to` }).click();
    await expect.poll(async () => (await apiJson<SittingView>(page, `/api/sittings/${sittingId}`)).flags).toEqual([number.part.number]);
    await expect.poll(() => saveStatus(page)).toBe("saved");
    await screenshots(page, "sitting-exam");
    expect(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])).toEqual([]);

    // The home page's progress before the paper is marked: nothing to show yet, said so.
    const homeStat = async () => {
      const home = await page.context().newPage();
      await home.goto(baseURL() + "/");
      const text = (await home.getByTestId("stat-progress").innerText()).replace(/\s+/g, " ");
      await home.close();
      return text;
    };
    expect(await homeStat()).toContain("No marks yet");

    await page.getByRole("button", { name: "Submit paper" }).first().click();
    const dialog = page.getByTestId("submit-dialog");
    await dialog.waitFor();
    expect(await dialog.getByTestId("submit-flagged").innerText()).toBe(`Flagged (1): ${number.part.number}`);
    const partCount = view.sections.flatMap((s) => s.questions.flatMap((q) => q.items.flatMap((i) => i.parts))).length;
    const unanswered = await dialog.getByTestId("submit-unanswered").innerText();
    expect(unanswered).toContain(`Not answered (${partCount - 3})`);
    expect(unanswered).not.toContain(short.part.number);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Hand in now" }).click();
    await page.waitForURL(new RegExp(`/sittings/${sittingId}/results$`));
    await hydrated(page, "SittingResults");
    await page.getByTestId("sitting-results").waitFor();

    const result = await apiJson<SittingResult>(page, `/api/sittings/${sittingId}/result`);
    expect(result.automatic).toBe(false);
    // The seconds spent on the parts were counted on the page and sent with the answers.
    expect(result.secondsTotal).toBeGreaterThan(0);
    expect(await page.getByTestId("results-total").innerText()).toContain(`${result.awarded} / ${result.totalMarks}`);
    expect(await page.getByTestId("topic-row").count()).toBe(result.topics.length);
    for (const topic of result.topics) {
      expect(await page.getByTestId("topic-marks").innerText()).toContain(topic.topicName);
    }
    // Marks per question: each question of the paper with its parts' marks added up.
    const questions = view.sections.flatMap((s) => s.questions);
    expect(await page.getByTestId("question-result").count()).toBe(questions.length);
    const firstParts = result.parts.filter((p) => Number(p.number.split(".")[0]) === questions[0].number);
    const firstMax = firstParts.reduce((sum, p) => sum + p.mark.max, 0);
    const firstAwarded = firstParts.reduce((sum, p) => sum + (p.mark.awarded ?? 0), 0);
    expect(await page.getByTestId("question-result").first().getByRole("heading", { level: 3 }).innerText()).toMatch(
      new RegExp(`^Question ${questions[0].number} · ${firstAwarded} / ${firstMax} marks`),
    );
    // The choice was marked exactly from the mark scheme, and says so beside the student's answer.
    const choiceCard = page.locator(`[data-testid=part-result][data-part="${choice.part.number}"]`);
    expect(await choiceCard.getByTestId("part-mark").innerText()).toContain("Marked exactly from the mark scheme");
    expect(await choiceCard.getByTestId("part-answer").innerText()).toBe(choice.part.options![1]);
    // No grade is claimed without known boundaries.
    expect(await page.getByTestId("results-grade").count()).toBe(result.grade ? 1 : 0);
    await screenshots(page, "sitting-results");
    // ...and after: the mastery over the topics this paper marked.
    const marked = result.topics.filter((x) => x.max > 0);
    const mastery = Math.round((100 * marked.reduce((n, x) => n + x.awarded, 0)) / marked.reduce((n, x) => n + x.max, 0));
    expect(await homeStat()).toContain(`${mastery}% Mastery over ${marked.length} topics from 1 marked paper`);
    expect(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])).toEqual([]);
  });

  it("'Sit again' makes a predicted paper weighted to the weak topics and opens it with the same extra time", async () => {
    // The first paper used the student's only credit: the page says so, and where to buy more.
    const again = page.getByTestId("sit-again");
    await again.getByRole("button", { name: "Sit again with new questions on my weak topics" }).click();
    await expect.poll(() => again.getByRole("alert").innerText()).toContain("You need 1 credit to generate a paper.");
    expect(await again.getByRole("link", { name: "Buy credits" }).getAttribute("href")).toBe("/pricing");
    await grantCredits(userId, 1);
    await again.getByRole("button", { name: "Sit again with new questions on my weak topics" }).click();
    await page.waitForURL((url) => /\/sittings\/\d+$/.test(url.pathname) && url.pathname !== `/sittings/${sittingId}`, { timeout: 30_000 });
    const next = await apiJson<SittingView>(page, new URL(page.url()).pathname.replace("/sittings/", "/api/sittings/"));
    expect(next.status).toBe("in_progress");
    expect(next.extraTime).toBe(25);
    expect(next.generatedPaperId).not.toBe(view.generatedPaperId);
    await hydrated(page, "SittingExam");
    await page.getByTestId("sitting-exam").waitFor();
  });
});

describe("marking an extended answer yourself", () => {
  it("a levels-marked answer waits for the student's mark: level, then mark within its band; a re-mark keeps the earlier one", async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const userId = await signIn(page.context(), { username: "selfmarker", email: "selfmarker@example.com", fullName: "Sol Marker" });
    await grantCredits(userId, 1);
    const origin = { Origin: baseURL() };
    const generated = await page.request.post(baseURL() + "/api/generate-enhanced-paper", {
      headers: origin,
      data: { subject: "Religious Studies", examBoard: "AQA", level: "GCSE", paperName: "Paper 1 - Christianity" },
    });
    expect(generated.status(), await generated.text()).toBe(200);
    const started = await page.request.post(baseURL() + "/api/sittings", { headers: origin, data: { generatedPaperId: (await generated.json()).id } });
    expect(started.status()).toBe(201);
    const view = (await started.json()) as SittingView;
    // The longest answer of the paper: a 12-mark evaluation, marked against level descriptors.
    const long = view.sections.flatMap((s) => s.questions).flatMap((q, question) => q.items.flatMap((i) => i.parts).map((part) => ({ part, question })))
      .filter((p) => p.part.kind === "long").sort((a, b) => b.part.marks - a.part.marks)[0];
    expect(long.part.marks).toBe(12);

    await page.goto(baseURL() + `/sittings/${view.id}`);
    await hydrated(page, "SittingExam");
    await openQuestion(page, view, long.question);
    const field = page.getByLabel(`Answer to ${long.part.number}`);
    await field.fill("Some Christians believe this because of the teaching of Jesus.");
    // The long answer counts its words as they are typed.
    expect(await partField(page, long.part.number).getByTestId("word-count").innerText()).toBe("10 words");
    await expect.poll(() => saveStatus(page)).toBe("saved");
    await page.getByRole("button", { name: "Submit paper" }).first().click();
    await page.getByTestId("submit-dialog").getByRole("button", { name: "Hand in now" }).click();
    await page.waitForURL(/\/results$/);
    await hydrated(page, "SittingResults");
    await page.getByTestId("sitting-results").waitFor();

    const before = await apiJson<SittingResult>(page, `/api/sittings/${view.id}/result`);
    const waiting = before.parts.find((p) => p.number === long.part.number)!;
    expect(waiting.mark.method).toBe("pending");
    expect(waiting.levels?.length).toBeGreaterThan(1);
    expect(await page.getByTestId("results-pending").innerText()).toContain(`${before.pending === 1 ? "1 answer is" : `${before.pending} answers are`} waiting for your own mark`);
    const card = page.locator(`[data-testid=part-result][data-part="${long.part.number}"]`);
    expect(await card.getByTestId("part-mark").innerText()).toContain("Waiting for your mark");

    // Level first, then a mark within that level's band only.
    const [lowest, next] = [...waiting.levels!].sort((a, b) => a.level - b.level);
    const form = card.getByTestId("self-mark-form");
    await form.getByRole("radio", { name: new RegExp(`^Level ${lowest.level} `) }).check();
    const marks = form.getByLabel(/^Your mark within level/);
    const offered = (await marks.locator("option").allInnerTexts()).filter((t) => /^\d+$/.test(t)).map(Number);
    expect(offered).toEqual(Array.from({ length: lowest.marks[1] - lowest.marks[0] + 1 }, (_, i) => lowest.marks[0] + i));
    await marks.selectOption(String(lowest.marks[1]));
    await form.getByRole("button", { name: "Save my mark" }).click();
    await expect.poll(() => card.getAttribute("data-method")).toBe("self");
    expect(await card.getByTestId("part-mark").innerText()).toContain(`Level ${lowest.level}, ${lowest.marks[1]} /`);
    expect(await card.getByTestId("part-mark").innerText()).toContain("Your own mark");
    expect(await page.getByTestId("results-total").innerText()).toContain(`${before.awarded + lowest.marks[1]} / ${before.totalMarks}`);

    // A re-mark by the student: the new mark counts and the first is kept beneath it.
    await card.getByRole("button", { name: /^Mark it myself/ }).click();
    await card.getByTestId("self-mark-form").getByRole("radio", { name: new RegExp(`^Level ${next.level} `) }).check();
    await card.getByTestId("self-mark-form").getByLabel(/^Your mark within level/).selectOption(String(next.marks[0]));
    await card.getByTestId("self-mark-form").getByRole("button", { name: "Save my mark" }).click();
    await expect.poll(() => card.getByTestId("part-mark").innerText()).toContain(`Level ${next.level}, ${next.marks[0]} /`);
    await card.getByTestId("earlier-marks").getByText(/^Earlier marks/).click();
    expect(await card.getByTestId("earlier-marks").innerText()).toContain(`Level ${lowest.level}, ${lowest.marks[1]} /`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

// A real sitting lasts at least the paper's time: these tests start a real one, then move its deadline
// in the server's database to a few seconds away, as if the student had been sitting it all along.
describe("when the clock runs out", () => {
  /** A signed-in student's real sitting of a generated Physics Paper 1 (Higher), `secondsLeft` from its deadline. */
  async function sittingEndingSoon(page: Page, username: string, secondsLeft: number) {
    const userId = await signIn(page.context(), { username, email: `${username}@example.com`, fullName: username });
    await grantCredits(userId, 1);
    const headers = { origin: baseURL() };
    const generated = await page.request.post(baseURL() + "/api/generate-enhanced-paper", {
      headers,
      data: { subject: "Physics", examBoard: "AQA", level: "GCSE", paperName: "Paper 1", tier: "Higher", isPredicted: false },
    });
    expect(generated.status(), await generated.text()).toBe(200);
    const started = await page.request.post(baseURL() + "/api/sittings", { headers, data: { generatedPaperId: (await generated.json()).id } });
    expect(started.status()).toBe(201);
    const view = (await started.json()) as SittingView;
    const db = await serverDb();
    await db.update(sittings).set({ deadline: new Date(Date.now() + secondsLeft * 1000).toISOString() }).where(eq(sittings.id, view.id));
    return view;
  }

  it("tells a screen reader when a minute is left, and not about the warnings already behind it", async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const view = await sittingEndingSoon(page, "oneminute", 80);
    await page.goto(baseURL() + `/sittings/${view.id}`);
    await hydrated(page, "SittingExam");
    await page.getByTestId("sitting-exam").waitFor();
    const announcement = page.getByTestId("countdown-announcement");
    expect(await announcement.getAttribute("aria-live")).toBe("assertive");
    expect(await announcement.innerText()).toBe("");
    await expect.poll(() => announcement.innerText(), { timeout: 30_000 }).toBe("1 minute left");
    expect(await page.getByTestId("countdown").getAttribute("aria-label")).toBe("Time left: 1 minute");
    await page.close();
  });

  it("sends the answers kept on the device, hands the paper in automatically and opens the results", async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const view = await sittingEndingSoon(page, "lastminute", 25);
    const first = findPart(view, "short");
    const second = findPart(view, "choice");
    await page.goto(baseURL() + `/sittings/${view.id}`);
    await hydrated(page, "SittingExam");
    await openQuestion(page, view, first.question);
    await page.getByLabel(`Answer to ${first.part.number}`).fill("The energy is transferred to the thermal store of the surroundings.");
    await expect.poll(() => saveStatus(page)).toBe("saved");
    await page.context().setOffline(true);
    await openQuestion(page, view, second.question);
    await partField(page, second.part.number).getByRole("radio", { name: second.part.options![1], exact: true }).check();
    // Zero while offline: the page says what happens, and the answers stay on the device.
    await expect.poll(() => page.getByTestId("sitting-phase").innerText(), { timeout: 40_000 }).toContain("Time is up. You are offline");
    expect(await page.getByTestId("countdown").innerText()).toBe("0:00");
    expect(await page.getByTestId("countdown-announcement").innerText()).toBe("Time is up. Your paper is being handed in.");
    await page.context().setOffline(false);
    await page.waitForURL(new RegExp(`/sittings/${view.id}/results$`));

    // The server took the answer typed offline (within its grace) and the clock's hand-in.
    const result = await apiJson<SittingResult>(page, `/api/sittings/${view.id}/result`);
    expect(result.automatic).toBe(true);
    expect(result.parts.find((p) => p.number === second.part.number)!.answer).toBe(second.part.options![1]);
    expect(result.parts.find((p) => p.number === first.part.number)!.answer).toContain("thermal store");
    await hydrated(page, "SittingResults");
    await page.getByTestId("sitting-results").waitFor();
    expect(await page.getByTestId("sitting-results").innerText()).toContain("Handed in automatically when time ran out.");
    // No grade boundaries are recorded for a practice paper, so no grade is estimated.
    expect(result.grade).toBeNull();
    expect(await page.getByTestId("results-grade").count()).toBe(0);
    await page.close();
  });
});
