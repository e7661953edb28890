// The public pages' model (issue 17): addresses, topic weights, question styles, the free samples,
// subject pages, share cards, the sitemap and robots.txt.
import { describe, expect, it } from "vitest";
import { movedPaperPath, paperPage, paperPath, paperShareCard, seededSources, slugify, sourceSummary, subjectPages, subjectShareCard } from "./pages.ts";
import { robotsTxt, sitemapPaths, sitemapXml } from "./sitemap.ts";
import { SHARE_CARD_MAX_FACTS } from "../../shared/share.ts";
import type { Paper } from "../../shared/schemas.ts";

const sources = seededSources();

describe("catalogue pages", () => {
  it("gives every paper a readable, unique address under its level and subject", () => {
    expect(slugify("Religious Studies")).toBe("religious-studies");
    expect(slugify("A-Level")).toBe("a-level");
    expect(slugify("Art & Design")).toBe("art-and-design");
    expect(paperPath({ level: "GCSE", subject: "Biology", examBoard: "AQA", name: "Paper 1" })).toBe("/gcse/biology/aqa/paper-1");
    expect(paperPath({ level: "GCSE", subject: "Mathematics", examBoard: "AQA", name: "Paper 1 (Non-Calculator)" })).toBe("/gcse/mathematics/aqa/paper-1-non-calculator");
    const paths = sources.map(paperPath);
    expect(new Set(paths).size).toBe(paths.length);
    // A renamed paper's old address leads to its page; a current or unknown one is not moved.
    expect(movedPaperPath("/gcse/religious-studies/aqa/paper-1-christianity-and-islam")).toBe("/gcse/religious-studies/aqa/paper-1-christianity");
    expect(movedPaperPath("/gcse/religious-studies/aqa/paper-1-christianity")).toBeNull();
    expect(movedPaperPath("/gcse/religious-studies/aqa/paper-9")).toBeNull();
  });

  it("shows each paper's facts, its topics weighted by the marks its papers give them, its styles and two free samples", () => {
    for (const src of sources) {
      const page = paperPage(src);
      const bp = src.blueprint!;
      expect([page.code, page.timeMinutes, page.totalMarks, page.tiers]).toEqual([bp.code, bp.timeMinutes, bp.totalMarks, bp.tiers]);
      // The weights share out every slot's marks: they add up to the marks printed on a paper.
      const printed = bp.sections.flatMap((s) => s.slots).reduce((n, s) => n + s.marks, 0);
      expect(Math.abs(page.topics.reduce((n, t) => n + t.marks, 0) - printed), bp.code).toBeLessThan(1);
      expect(page.topics.map((t) => t.marks)).toEqual([...page.topics.map((t) => t.marks)].sort((a, b) => b - a));
      // Topic names and descriptions are plain text (the page prints them as text, not markup).
      for (const t of page.topics) expect(`${t.name} ${t.description}`, bp.code).not.toMatch(/[<>]/);
      // A paper whose rules ask for a levels-marked extended response lists that style.
      if (bp.rules.minSixMarkLevels) expect(page.styles.map((s) => s.label), bp.code).toContain("Extended responses marked by levels (6 marks or more)");
      const shares = page.styles.reduce((n, s) => n + s.share, 0);
      expect(Math.abs(shares - 100), bp.code).toBeLessThanOrEqual(3);
      // Two samples on two topics, common to both tiers, with no figure the page could not show.
      expect(page.samples, bp.code).toHaveLength(2);
      expect(new Set(page.samples.map((q) => q.topic)).size).toBe(2);
      for (const q of page.samples) {
        const bank = src.practice.find((b) => b.id === q.id)!;
        expect(bank.tier).toBe("Both");
        expect(src.withFigure.has(q.id)).toBe(false);
        expect(q.parts.every((p) => p.markScheme.length > 0)).toBe(true);
        expect(q.marks).toBe(bank.parts.reduce((n, p) => n + p.marks, 0));
      }
    }
    const rs = paperPage(sources.find((s) => s.blueprint!.code === "8062/2A")!);
    expect(rs.answerSections).toBe(4);
    expect(rs.sections).toHaveLength(6);
  });

  it("groups a subject's papers by board, in paper order", () => {
    const pages = subjectPages(sources.map(sourceSummary));
    const biology = pages.find((p) => p.path === "/gcse/biology")!;
    expect(biology.boards.map((b) => [b.examBoard, b.papers.map((p) => p.path)])).toEqual([
      ["AQA", ["/gcse/biology/aqa/paper-1", "/gcse/biology/aqa/paper-2"]],
    ]);
    expect(pages.map((p) => p.path)).toEqual([...new Set(sources.map((s) => `/gcse/${slugify(s.subject)}`))].sort());
  });

  it("makes share cards that fit: a paper's code and facts, a subject's boards and papers", () => {
    const page = paperPage(sources.find((s) => s.blueprint!.code === "8461/1")!);
    const card = paperShareCard(page);
    expect(card).toMatchObject({ eyebrow: "AQA · GCSE · 8461/1", title: "Biology Paper 1", subtitle: "Foundation and Higher · 1 h 45 min · 100 marks" });
    expect(card.facts!.length).toBeLessThanOrEqual(SHARE_CARD_MAX_FACTS);
    expect(card.facts).toContain("2 free sample questions");
    const subject = subjectShareCard(subjectPages(sources.map(sourceSummary)).find((p) => p.subject === "Biology")!);
    expect(subject).toMatchObject({ title: "Biology", subtitle: "AQA: 2 papers", facts: ["Paper 1", "Paper 2"] });
  });

  it("lists the public pages and every subject and paper in the sitemap, and keeps crawlers out of the rest", () => {
    const catalogue = sources.map((s, i) => ({ id: i, subject: s.subject, examBoard: s.examBoard, level: s.level, name: s.name }) as Paper);
    const paths = sitemapPaths(catalogue);
    expect(paths.slice(0, 4)).toEqual(["/", "/pricing", "/terms-of-service", "/privacy-policy"]);
    for (const s of sources) expect(paths).toContain(paperPath(s));
    expect(paths).toContain("/gcse/religious-studies");
    expect(paths.some((p) => p.startsWith("/exam-generator") || p.startsWith("/credits"))).toBe(false);
    const xml = sitemapXml("https://examprep.example/", catalogue);
    expect(xml).toContain("<loc>https://examprep.example/gcse/biology/aqa/paper-1</loc>");
    expect(xml.match(/<url>/g)).toHaveLength(paths.length);
    const robots = robotsTxt("https://examprep.example");
    expect(robots).toContain("Sitemap: https://examprep.example/sitemap.xml");
    for (const closed of ["/api/", "/exam-generator", "/papers", "/settings", "/history"]) expect(robots).toContain(`Disallow: ${closed}`);
    expect(robots).not.toMatch(/Disallow: \/gcse/);
  });
});
