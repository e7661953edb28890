import { describe, expect, it } from "vitest";
import {
  BULK_DISCOUNTS,
  CACHE_SECONDS,
  CREDIT_PRICE_PENCE,
  EXAM_BOARDS,
  GENERATION_STEPS,
  HOME_SUBJECTS,
  NAV_ITEMS,
  ROUTE_ACCESS,
  SAMPLE_PAPERS,
  TOAST,
} from "./constants.ts";
import { accessFor, normalisePath, safeNextPath } from "./routes.ts";

describe("business constants (§9)", () => {
  it("prices a credit at 499 pence with bulk discounts of 5%, 10% and 20%", () => {
    expect(CREDIT_PRICE_PENCE).toBe(499);
    expect(BULK_DISCOUNTS.map((d) => [d.minQuantity, d.percent])).toEqual([[20, 20], [10, 10], [5, 5]]);
  });

  it("has the cache times and toast rules of the spec", () => {
    expect(CACHE_SECONDS).toEqual({ lists: 300, user: 60, credits: 60, generatedPapers: 30 });
    expect(TOAST).toMatchObject({ limit: 1, durationMs: 5000, swipeThresholdPx: 50, swipeDirection: "right", hotkey: "F8" });
  });

  it("times the generation steps at cumulative 2, 7, 17 and 32 seconds", () => {
    expect(GENERATION_STEPS.map((s) => s.startsAtMs)).toEqual([0, 2000, 7000, 17000, 32000]);
    expect(GENERATION_STEPS.map((s) => s.label)).toEqual([
      "Preparing paper template",
      "Generating questions",
      "Formatting content",
      "Creating PDF document",
      "Finalizing paper",
    ]);
  });

  it("lists the 16 home subjects and six boards with only AQA available", () => {
    expect(HOME_SUBJECTS).toHaveLength(16);
    expect(new Set(HOME_SUBJECTS).size).toBe(16);
    expect([...HOME_SUBJECTS].sort()).toEqual([...HOME_SUBJECTS]);
    expect(EXAM_BOARDS.map((b) => b.name)).toEqual(["AQA", "Edexcel", "OCR", "WJEC/Eduqas", "Cambridge International", "IB"]);
    expect(EXAM_BOARDS.filter((b) => b.available)).toHaveLength(1);
  });

  it("has six AQA GCSE sample papers dated between 21 May and 15 June 2025", () => {
    expect(SAMPLE_PAPERS).toHaveLength(6);
    const dates = SAMPLE_PAPERS.map((p) => p.examDate).sort();
    expect(dates[0]).toBe("2025-05-21");
    expect(dates.at(-1)).toBe("2025-06-15");
    for (const p of SAMPLE_PAPERS) {
      expect(p.examBoard).toBe("AQA");
      expect(p.level).toBe("GCSE");
      expect(HOME_SUBJECTS).toContain(p.subject);
    }
  });

  it("has the sidebar items of the spec, the last four admin-only", () => {
    expect(NAV_ITEMS.map((n) => n.label)).toEqual([
      "Home",
      "Exam Generator",
      "Smart Study Resources",
      "Study Recommendations",
      "My Progress",
      "Credits & Purchase History",
      "Feedback",
      "Exam Papers",
      "Credit System Test",
      "Extraction Testing",
      "Settings",
    ]);
    expect(NAV_ITEMS.filter((n) => n.adminOnly).map((n) => n.label)).toEqual(["Exam Papers", "Credit System Test", "Extraction Testing", "Settings"]);
    for (const item of NAV_ITEMS) expect(accessFor(item.href), item.href).not.toBeNull();
  });
});

describe("route table (§2)", () => {
  it("has every route with its access", () => {
    const byAccess = (a: string) => ROUTE_ACCESS.filter((r) => r.access === a).map((r) => r.pattern);
    expect(byAccess("public")).toEqual(["/", "/pricing", "/checkout-confirmation", "/credits/success", "/credits/cancel", "/terms-of-service", "/privacy-policy"]);
    expect(byAccess("guest-only")).toEqual(["/auth"]);
    expect(byAccess("admin")).toEqual(["/extraction-testing", "/exam-papers", "/credit-system-test", "/credit-debug"]);
    expect(byAccess("signed-in")).toEqual([
      "/exam-generator",
      "/smart-extraction",
      "/study-recommendations",
      "/rs-paper2a/:paperId",
      "/papers/:paperId",
      "/sittings/:sittingId",
      "/sittings/:sittingId/results",
      "/revision-materials",
      "/history",
      "/feedback",
      "/gift-credits",
      "/referrals",
      "/checkout/test/:checkoutId",
      "/settings",
    ]);
  });

  it("matches paths, parameters and trailing slashes", () => {
    expect(accessFor("/")).toBe("public");
    expect(accessFor("/history/")).toBe("signed-in");
    expect(accessFor("/rs-paper2a/17")).toBe("signed-in");
    expect(accessFor("/rs-paper2a")).toBeNull();
    expect(accessFor("/rs-paper2a/17/extra")).toBeNull();
    expect(accessFor("/settings")).toBe("signed-in");
    expect(accessFor("/sittings/4/results")).toBe("signed-in");
    expect(accessFor("/exam-papers")).toBe("admin");
    expect(accessFor("/nowhere")).toBeNull();
    expect(normalisePath("/a/")).toBe("/a");
    expect(normalisePath("/")).toBe("/");
  });

  const ORIGIN = "https://examprep.example";
  // Each hostile form raw, percent-encoded and (where it differs) percent-decoded: all go to "/".
  const hostile = [
    "/%09/evil.example",
    "/\t/evil.example",
    "/%0a/evil.example",
    "/%0A/evil.example",
    "/\n/evil.example",
    "/%0d/evil.example",
    "/%00/evil.example",
    "/%2509/evil.example",
    "/\\evil.example",
    "/%5cevil.example",
    "/%5Cevil.example",
    "\\evil.example",
    "//evil.example",
    "/%2fevil.example",
    "%2F%2Fevil.example",
    "https://evil.example",
    "https%3A%2F%2Fevil.example",
    "https:evil.example",
    "javascript:alert(1)",
    " /history",
    "history",
    "",
    null,
    undefined,
    "/%E0%A4%A",
  ];
  it.each(hostile)("refuses %j as a place to return to after sign-in", (next) => {
    expect(safeNextPath(next, ORIGIN)).toBe("/");
  });

  it.each([
    ["/history", "/history"],
    ["/exam-generator?mode=past", "/exam-generator?mode=past"],
    ["/exam-generator?mode=predicted&subject=Maths#top", "/exam-generator?mode=predicted&subject=Maths#top"],
    ["/papers/12", "/papers/12"],
    ["/a/../history", "/history"],
  ])("keeps the same-site path %j", (next, kept) => {
    expect(safeNextPath(next, ORIGIN)).toBe(kept);
  });
});
