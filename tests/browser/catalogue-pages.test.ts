// The public subject and paper pages (issue 17) on the built server: every catalogue paper has its
// prerendered page, linked from its subject page, the home page and the sitemap, with title,
// description, canonical address and a real share image; a paper added later gets a page on request;
// a page reads without JavaScript; and no date that has passed is shown as the next exam.
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { baseURL, launch, newPage, seriousViolations, signIn } from "./helpers.ts";
import { paperSchema } from "../../shared/schemas.ts";
import { loadBanks } from "../../api/papers/bank.ts";
import { paperPath, subjectPath } from "../../api/catalogue/pages.ts";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from "../../shared/share.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const get = (path: string, init?: RequestInit) => fetch(baseURL() + path, init);
const catalogue = async () => paperSchema.array().parse(await (await get("/api/papers")).json());

/** What a search engine and a share card read from a page's head. */
function head(html: string) {
  const attr = (re: RegExp) => re.exec(html)?.[1] ?? null;
  return {
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    jsonLd: JSON.parse(attr(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/) ?? "null"),
  };
}

/** Width and height from a PNG's IHDR chunk, after checking its signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe("IHDR");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe("subject and paper pages", () => {
  it("every catalogue paper has its prerendered page, linked from its subject page, the home page and the sitemap, with its head and share image", async () => {
    // The seeded papers (other tests add their own to the same server's catalogue).
    const seeded = new Set(loadBanks().map((b) => paperPath(b.blueprint.paper)));
    const papers = (await catalogue()).filter((p) => seeded.has(paperPath(p)));
    expect(papers.length).toBe(seeded.size);
    const sitemap = await (await get("/sitemap.xml")).text();
    const homeRes = await get("/", { headers: { "accept-encoding": "gzip" } });
    // A server-rendered page is gzipped too, whole: with its length.
    expect(homeRes.headers.get("content-encoding")).toBe("gzip");
    expect(homeRes.headers.get("content-length")).toMatch(/^\d+$/);
    const home = await homeRes.text();
    for (const p of papers) {
      const path = paperPath(p);
      // Built ahead: the build wrote the page's file.
      expect(existsSync(`dist/client${path}/index.html`), path).toBe(true);
      const res = await get(path, { headers: { "accept-encoding": "gzip" } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(res.headers.get("cache-control")).toBe("public, max-age=300");
      // The page's own policy (its script hashes), not the policy of a file that loads nothing.
      expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
      const html = await res.text();
      const h = head(html);
      expect(h.title).toContain(`${p.examBoard} ${p.level} ${p.subject} ${p.name}`);
      expect(h.title).toContain(p.generation!.code);
      expect(h.description).toContain(`${p.generation!.totalMarks} marks`);
      // Absolute addresses on the server's own origin (the build wrote a placeholder).
      expect(h.canonical).toBe(baseURL() + path);
      expect(h.ogImage).toBe(`${baseURL()}/og${path}.png`);
      expect(html).not.toContain("prerendered.examprep.invalid");
      expect(h.jsonLd["@graph"].map((n: { "@type": string }) => n["@type"])).toContain("Course");
      expect(html).toContain(p.generation!.code);

      const image = await get(`/og${path}.png`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
      expect(pngSize(new Uint8Array(await image.arrayBuffer()))).toEqual({ width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT });

      const subject = subjectPath(p);
      const subjectHtml = await (await get(subject)).text();
      expect(subjectHtml, `${subject} links to ${path}`).toContain(`href="${path}"`);
      expect(head(subjectHtml).canonical).toBe(baseURL() + subject);
      expect(home).toContain(`href="${subject}"`);
      expect(sitemap).toContain(`<loc>${baseURL()}${path}</loc>`);
      expect(sitemap).toContain(`<loc>${baseURL()}${subject}</loc>`);
    }
    expect(pngSize(new Uint8Array(await (await get("/og/gcse/biology.png")).arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseURL()}/sitemap.xml`);
    expect(robots).toContain("Disallow: /exam-generator");
    expect((await get("/gcse/biology/aqa/paper-99")).status).toBe(404);
    expect((await get("/og/gcse/biology/aqa/paper-99.png")).status).toBe(404);
  });

  it("a renamed paper's old address is moved permanently to its page", async () => {
    const res = await get("/gcse/religious-studies/aqa/paper-1-christianity-and-islam", { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("location")!, baseURL()).pathname).toBe("/gcse/religious-studies/aqa/paper-1-christianity");
    expect((await get("/gcse/religious-studies/aqa/paper-1-no-such-religion")).status).toBe(404);
  });

  it("reads without JavaScript: the paper's facts, topics, two sample questions with their mark scheme, and the way to a full paper", async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    await page.goto(`${baseURL()}/gcse/biology/aqa/paper-1`);
    await page.getByRole("heading", { level: 1, name: "Biology Paper 1: practice papers" }).waitFor();
    const facts = await page.getByRole("region", { name: "The paper" }).innerText();
    for (const text of ["AQA", "8461/1", "Foundation and Higher", "1 h 45 min", "100"]) expect(facts).toContain(text);
    expect(await page.getByRole("region", { name: "Topics examined" }).getByRole("row").count()).toBeGreaterThan(10);
    const samples = page.getByTestId("sample-question");
    expect(await samples.count()).toBe(2);
    // The mark scheme opens without a script (a <details> element).
    await samples.first().getByText("Show the mark scheme").click();
    expect(await samples.first().locator("details").getAttribute("open")).not.toBeNull();
    expect(await samples.first().locator("details").innerText()).toMatch(/\(1\)/);
    const cta = page.getByRole("link", { name: "Generate a full paper" });
    expect(await cta.getAttribute("href")).toBe("/exam-generator?subject=Biology&examBoard=AQA&level=GCSE&paperName=Paper+1");
    // Up the breadcrumb to the subject page, which lists its papers by board.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "GCSE Biology" }).click();
    await page.getByRole("heading", { level: 2, name: "AQA" }).waitFor();
    expect(await page.getByRole("link", { name: /^Biology Paper/ }).allInnerTexts()).toEqual(["Biology Paper 1", "Biology Paper 2"]);
    await page.close();
  });

  it("has no serious accessibility problems at 1280 and 375 px", async () => {
    for (const width of [1280, 375]) {
      const page = await newPage(browser, { viewport: { width, height: 900 } });
      for (const path of ["/gcse/biology/aqa/paper-1", "/gcse/religious-studies"]) {
        await page.goto(baseURL() + path);
        expect(await seriousViolations(page), `${path} at ${width}`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width}`).toBeLessThanOrEqual(width);
      }
      await page.close();
    }
  });

  it("a signed-in student sees the signed-in header on a prerendered page, and its link opens the generator on that paper", async () => {
    const page = await newPage(browser);
    await signIn(page.context(), { username: "pagereader", email: "pagereader@example.com", fullName: "Page Reader" });
    await page.goto(`${baseURL()}/gcse/physics/aqa/paper-2`);
    await page.getByRole("banner").getByText("Page Reader").first().waitFor();
    await page.getByRole("link", { name: "Generate a full paper" }).click();
    await page.waitForURL(/\/exam-generator\?/);
    await expect.poll(() => page.getByLabel("Paper", { exact: true }).inputValue()).toBe("Paper 2");
    expect(await page.getByLabel("Subject", { exact: true }).inputValue()).toBe("Physics");
    await page.close();
  });
});

describe("exam dates on the pages", () => {
  let admin: BrowserContext;
  let adminPage: Page;
  beforeAll(async () => {
    adminPage = await newPage(browser);
    admin = adminPage.context();
    await signIn(admin, { username: "datesadmin", email: "datesadmin@example.com", fullName: "Dates Admin", role: "admin" });
  });
  afterAll(async () => {
    await adminPage?.close();
  });
  const adminCall = async (method: string, path: string, data: unknown) => {
    const res = await admin.request.fetch(baseURL() + path, { method, data, headers: { Origin: baseURL() } });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return await res.json();
  };

  /** The paper page's exam-date box as a visitor sees it on `day` (the browser's clock set to it). */
  async function dateBoxOn(path: string, day: string): Promise<string> {
    const page = await newPage(browser);
    await page.clock.setFixedTime(new Date(`${day}T10:00:00Z`));
    await page.goto(baseURL() + path);
    const box = page.locator("[data-exam-dates]");
    // The script has read the catalogue's current dates once the line names a series.
    await expect.poll(() => box.locator("[data-next]").innerText()).toMatch(/^Next (exam|series): /);
    await page.waitForLoadState("networkidle");
    const text = await box.innerText();
    await page.close();
    return text;
  }

  it("shows the next date that has not passed, with its source and countdown, on the day the visitor reads it", async () => {
    const chemistry = (await catalogue()).find((p) => p.subject === "Chemistry" && p.name === "Paper 1")!;
    await adminCall("PUT", `/api/papers/${chemistry.id}/exam-dates`, {
      examDates: [
        { series: "November 2026", date: "2026-11-05", source: "Test timetable, November 2026" },
        { series: "Summer 2027", date: "2027-05-20", source: "Test timetable, June 2027" },
      ],
    });
    const path = paperPath(chemistry);
    // The page was built before the dates were entered: the browser reads them from the catalogue.
    const before = await dateBoxOn(path, "2026-11-01");
    expect(before).toContain("Next exam: November 2026, 05 Nov 2026, in 4 days.");

    const today = await dateBoxOn(path, "2026-11-26");
    expect(today).toContain("Next exam: Summer 2027, 20 May 2027, in 175 days.");
    expect(today).toContain("Summer 2027: 20 May 2027 (source: Test timetable, June 2027)");
    // November's date has passed: it is neither the next exam nor listed as one to come.
    expect(today).not.toContain("Nov 2026");

    const after = await dateBoxOn(path, "2027-05-21");
    expect(after).toContain("Next series: Summer 2028.");
    expect(after).not.toMatch(/Next exam|20 May 2027/);
    expect(after).toContain("we have not recorded this paper's date yet");

    // The home page's tile shows the next date (the server's day is today, before 20 May 2027).
    const home = await newPage(browser);
    await home.goto(baseURL());
    const tile = await home.locator('[data-subject="Chemistry"]').innerText();
    await home.close();
    expect(tile).toContain("Exam 20 May 2027");
    expect(tile).not.toContain("Nov 2026");
    await adminCall("PUT", `/api/papers/${chemistry.id}/exam-dates`, { examDates: [] });
  });

  it("a paper added after the build gets its page, share image and sitemap entry on request", async () => {
    const created = await adminCall("POST", "/api/papers", {
      name: "Paper 3 - Practical Skills",
      subject: "Biology",
      examBoard: "OCR",
      level: "A-Level",
      subjectCode: "H420/03",
      examDate: "2027-06-15",
    });
    expect(created.examDates).toEqual([{ series: "Summer 2027", date: "2027-06-15", source: "Entered by an administrator" }]);
    const path = "/a-level/biology/ocr/paper-3-practical-skills";
    const res = await get(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(head(html).canonical).toBe(baseURL() + path);
    expect(html).toContain("H420/03");
    // No questions in our bank: the page says so rather than offering a paper it cannot make.
    expect(html).toContain("Full papers of this paper are not available yet");
    expect(html).not.toContain("Generate a full paper");
    expect((await get("/a-level/biology")).status).toBe(200);
    expect(pngSize(new Uint8Array(await (await get(`/og${path}.png`)).arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    expect(await (await get("/sitemap.xml")).text()).toContain(`<loc>${baseURL()}${path}</loc>`);
    // Deleted, it has no page any more (and leaves the catalogue as the other tests expect it).
    await adminCall("DELETE", `/api/papers/${created.id}`, undefined);
    expect((await get(path)).status).toBe(404);
  });
});
