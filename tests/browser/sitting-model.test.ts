// The results page when a model marks the extended answers (issue 15), on a server of its own with
// the local stand-in as the model: the mark says it is the AI's, with its level and reasons; the
// student asks the model again, then marks the answer themself, and every earlier mark stays listed.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launch, newPage, seriousViolations } from "./helpers.ts";
import { startServer, type TestServer } from "./server.ts";
import { connect, type Database } from "../../api/db/client.ts";
import { sessions, users } from "../../api/db/schema.ts";
import { hashSessionToken, SESSION_COOKIE } from "../../api/auth/session.ts";
import { changeCredits } from "../../api/credits/ledger.ts";
import { type OpenAIStandIn, startOpenAIStandIn } from "../../api/ai/stand-in.ts";
import type { SittingPart, SittingResult, SittingView } from "../../shared/sittings.ts";

let browser: Browser;
let model: OpenAIStandIn;
let server: TestServer | undefined;
let db: Database;
/** Set by the test before asking for a re-mark: the stand-in then answers with the lowest level. */
let answerLow = false;

beforeAll(async () => {
  browser = await launch();
  // A marking request names the part's levels: the stand-in answers with the top of the top level,
  // or, once the test asks for it, the bottom of the lowest.
  model = await startOpenAIStandIn((req) => {
    const text = req.messages.map((m) => m.content).join("\n");
    const levels = [...text.matchAll(/Level (\d) \((\d+)[–-](\d+) marks\)/g)].map((m) => ({ level: Number(m[1]), low: Number(m[2]), high: Number(m[3]) }));
    if (!levels.length) return { status: 503, error: { message: "The stand-in only marks." } };
    const chosen = answerLow ? levels.reduce((a, b) => (a.level < b.level ? a : b)) : levels.reduce((a, b) => (a.level > b.level ? a : b));
    const marks = answerLow ? chosen.low : chosen.high;
    return { content: JSON.stringify({ level: chosen.level, marks, reasons: [`Level ${chosen.level}: the stand-in's reason.`] }) };
  });
  server = await startServer("sitting-model", { OPENAI_API_KEY: "sk-sitting-test", OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: "stand-in-model" });
  db = await connect(server.databaseUrl);
});
afterAll(async () => {
  server?.stop();
  await model?.close();
  await browser?.close();
});

async function signedIn(name: string): Promise<{ page: Page; userId: number }> {
  const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  const user = await db.insert(users).values({ username: name, email: `${name}@example.com`, fullName: name, role: "user" }).returning().get();
  const token = randomBytes(20).toString("base64url");
  await db.insert(sessions).values({ id: hashSessionToken(token), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
  await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: server!.baseURL, httpOnly: true, sameSite: "Lax" }]);
  return { page, userId: user.id };
}

describe("an extended answer marked by the model", () => {
  it("is labelled as the AI's with its level and reasons; a re-mark by the model and the student's own mark keep the earlier marks", async () => {
    const base = server!.baseURL;
    const { page, userId } = await signedIn("model_marked");
    await db.transaction((tx) => changeCredits(tx, { userId, delta: 1, type: "admin_grant", description: "sitting model test" }));
    const origin = { Origin: base };
    const generated = await page.request.post(base + "/api/generate-enhanced-paper", {
      headers: origin,
      data: { subject: "Religious Studies", examBoard: "AQA", level: "GCSE", paperName: "Paper 1 - Christianity" },
    });
    expect(generated.status(), await generated.text()).toBe(200);
    const started = await page.request.post(base + "/api/sittings", { headers: origin, data: { generatedPaperId: (await generated.json()).id } });
    const view = (await started.json()) as SittingView;
    const long = view.sections.flatMap((s) => s.questions.flatMap((q) => q.items.flatMap((i) => i.parts))).filter((p: SittingPart) => p.kind === "long")
      .sort((a, b) => b.marks - a.marks)[0];
    expect(long.marks).toBe(12);
    const saved = await page.request.put(`${base}/api/sittings/${view.id}/answers`, {
      headers: origin,
      data: { answers: { [long.number]: "Christians disagree: some say the Bible teaches it, others that conscience decides. I think the first view is stronger." } },
    });
    expect(saved.status()).toBe(200);
    expect((await page.request.post(`${base}/api/sittings/${view.id}/submit`, { headers: origin, data: {} })).status()).toBe(200);

    await page.goto(`${base}/sittings/${view.id}/results`);
    await page.locator('astro-island[component-url*="SittingResults"]:not([ssr])').waitFor({ state: "attached" });
    await page.getByTestId("sitting-results").waitFor();
    const result = (await (await page.request.get(`${base}/api/sittings/${view.id}/result`)).json()) as SittingResult;
    const first = result.parts.find((p) => p.number === long.number)!.mark;
    expect(first.method).toBe("model");
    const card = page.locator(`[data-testid=part-result][data-part="${long.number}"]`);
    expect(await card.getByTestId("part-mark").innerText()).toBe(`Level ${first.level}, ${first.awarded} / 12 marks · Marked by AI against the level descriptors`);
    expect(await card.getByTestId("part-reasons").innerText()).toContain(`Level ${first.level}: the stand-in's reason.`);
    expect(await page.getByTestId("sitting-results").innerText()).toContain("A mark by AI is the model's judgement against the mark scheme's level descriptors");

    // The model again: its new mark counts, the first is listed under it.
    answerLow = true;
    await card.getByRole("button", { name: `Ask the model again for ${long.number}` }).click();
    await expect.poll(() => card.getByTestId("earlier-marks").count()).toBe(1);
    const second = (await (await page.request.get(`${base}/api/sittings/${view.id}/result`)).json() as SittingResult).parts.find((p) => p.number === long.number)!.mark;
    expect(second.level).toBeLessThan(first.level!);
    expect(await card.getByTestId("part-mark").innerText()).toContain(`Level ${second.level}, ${second.awarded} / 12 marks`);
    await card.getByTestId("earlier-marks").getByText("Earlier marks (1)").click();
    expect(await card.getByTestId("earlier-marks").innerText()).toContain(`Level ${first.level}, ${first.awarded} / 12 marks · Marked by AI against the level descriptors`);

    // Then the student's own mark: it counts, labelled as theirs, and both of the model's stay listed.
    await card.getByRole("button", { name: `Mark it myself (${long.number})` }).click();
    const form = card.getByTestId("self-mark-form");
    await form.getByRole("radio", { name: new RegExp(`^Level ${first.level} `) }).check();
    await form.getByLabel(/^Your mark within level/).selectOption(String(first.awarded));
    await form.getByRole("button", { name: "Save my mark" }).click();
    await expect.poll(() => card.getAttribute("data-method")).toBe("self");
    expect(await card.getByTestId("part-mark").innerText()).toBe(`Level ${first.level}, ${first.awarded} / 12 marks · Your own mark`);
    expect(await card.getByTestId("earlier-marks").getByText("Earlier marks (2)").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
