// The progress card follows the server's real steps: a second server whose model is held back shows
// 'Generating questions' for as long as the model takes, past every timer of the specification, and
// moves on only when the server does. The page's clock is stopped so only the test moves time on.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { eq } from "drizzle-orm";
import { hydrated, launch, newPage } from "./helpers.ts";
import { startServer, type TestServer } from "./server.ts";
import { connect, type Database } from "../../api/db/client.ts";
import { sessions, users } from "../../api/db/schema.ts";
import { hashSessionToken, SESSION_COOKIE } from "../../api/auth/session.ts";
import { changeCredits } from "../../api/credits/ledger.ts";
import { GENERATION_STEPS } from "../../shared/constants.ts";
import { modelAnswerFor } from "../../api/papers/testing.ts";

const ALL_STEPS = GENERATION_STEPS.map((s) => s.key).join(",");

/**
 * An OpenAI-compatible endpoint that writes one good question at once, then keeps every request
 * waiting until released, and refuses it.
 */
async function startHeldModel() {
  const waiting: ServerResponse[] = [];
  let released = false;
  let answered = 0;
  const refuse = (res: ServerResponse) =>
    res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "The held model writes nothing." } }));
  const answer = (res: ServerResponse, body: { model: string; messages: { content: string }[] }) =>
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({
      id: "chatcmpl-held",
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: JSON.stringify(modelAnswerFor(body.messages[1].content, 1)), refusal: null } }],
    }));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (d) => (raw += d));
    req.on("end", () => {
      if (answered++ === 0) answer(res, JSON.parse(raw));
      else if (released) refuse(res);
      else waiting.push(res);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`,
    waiting: () => waiting.length,
    release() {
      released = true;
      for (const res of waiting.splice(0)) refuse(res);
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

let browser: Browser;
let model: Awaited<ReturnType<typeof startHeldModel>>;
let server: TestServer | undefined;
let db: Database;

beforeAll(async () => {
  browser = await launch();
  model = await startHeldModel();
  server = await startServer("progress", { OPENAI_API_KEY: "sk-progress-test", OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: "held-model" });
  db = await connect(server.databaseUrl);
});
afterAll(async () => {
  model?.release();
  server?.stop();
  await model?.close().catch(() => {});
  await browser?.close();
});

describe("live generation progress", () => {
  it("shows 'Generating questions' while the model writes, past every timer, and moves on only when the server does", async () => {
    const base = server!.baseURL;
    const page = await newPage(browser);
    const user = await db.insert(users).values({ username: "patient", email: "patient@example.com", fullName: "Pat Patient", role: "user" }).returning().get();
    await db.transaction((tx) => changeCredits(tx, { userId: user.id, delta: 1, type: "admin_grant", description: "browser test grant" }));
    const token = randomBytes(20).toString("base64url");
    await db.insert(sessions).values({ id: hashSessionToken(token), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: base, httpOnly: true, sameSite: "Lax" }]);

    await page.clock.install();
    await page.goto(base + "/exam-generator?mode=predicted");
    await hydrated(page, "ExamGenerator");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);

    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Generate Predicted Paper" }).click();
    const card = page.getByTestId("generation-progress");
    await card.waitFor();
    // The server has prepared the paper and asked the model; the timers keep the first step for 2 s.
    await expect.poll(() => card.getAttribute("data-received-steps")).toBe("preparing,generating");
    await expect.poll(() => model.waiting()).toBeGreaterThan(0);
    expect(await card.getAttribute("data-step")).toBe("preparing");
    expect(await card.getAttribute("data-progress")).toBe("5");
    // The card counts the model's questions as they arrive: the first came at once.
    await expect.poll(() => card.getByTestId("model-progress").innerText()).toContain("The AI model has written 1 of the 10 new questions asked of it so far.");

    await page.clock.runFor(2500);
    await expect.poll(() => card.getAttribute("data-step")).toBe("generating");
    expect(await card.locator("[data-step-state=complete]").count()).toBe(1);
    expect(await card.locator("[data-step-state=current]").innerText()).toContain("Generating questions");

    // Past the last timer (32 s): the bar stops at 95 and the card waits for the server.
    await page.clock.runFor(40_000);
    await expect.poll(() => card.getAttribute("data-progress")).toBe("95");
    expect(await card.getAttribute("data-step")).toBe("generating");
    expect(await card.getAttribute("data-received-steps")).toBe("preparing,generating");

    // The model refuses the rest; the bank's questions stand in and the server goes on to the end.
    model.release();
    await expect.poll(() => card.getAttribute("data-received-steps"), { timeout: 20_000 }).toBe(ALL_STEPS);
    await expect.poll(() => card.getAttribute("data-progress")).toBe("100");
    expect(await card.locator("[data-step-state=complete]").count()).toBe(GENERATION_STEPS.length);
    await page.clock.runFor(1500); // the card closes 1 s after success and the PDF opens
    const tab = await popup;
    await card.waitFor({ state: "detached" });
    await expect.poll(() => tab.url()).toMatch(/\/api\/generated-papers\/\d+\/pdf$/);
    // The toast says how many questions the model wrote; the others are the bank's.
    expect(await page.getByTestId("toast-viewport").innerText()).toContain("1 of the 10 questions was written by an AI model; the other 9 come from ExamPrep's question bank.");
    expect((await db.select({ credits: users.credits }).from(users).where(eq(users.id, user.id)).get())!.credits).toBe(0);
    await page.close();
  });
});
