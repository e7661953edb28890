// Finds the papers on an exam board's page (admin-tools.md §4 import flow): every link to a PDF, with
// its title, absolute URL, year, type and tier, inferred from the link's text, its file name and the
// headings above it. Boards lay their pages out differently:
// - AQA names files by code: AQA-84611H-QP-JUN22.PDF (8461 paper 1, Higher, question paper, June 2022);
//   MS mark scheme, WRE/ER examiner report, SP specification, INS insert.
// - Pearson Edexcel says it in the link: 'Mark scheme (Higher) : Paper 1 - June 2022', with files such
//   as 1ma1_1h_rms_20220825.pdf (que question paper, rms mark scheme, pef examiner report).
// - OCR lists 'Question paper - Paper 1 (Foundation)' links under a heading for the series ('June 2022').
// The page is read with htmlparser2, a real HTML parser (attributes in any quoting, entities, unclosed
// tags), never with regular expressions over the markup.
import { DomUtils, parseDocument } from "htmlparser2";
import type { DocumentTier, DocumentType } from "../../shared/documents.ts";
import { DOCUMENT_TITLE_MAX, TYPES_WITH_YEAR } from "../../shared/documents.ts";

export interface FoundPaper {
  title: string;
  url: string;
  year: number | null;
  paperType: DocumentType;
  tier: DocumentTier | null;
}

/** At most this many links are proposed from one page. */
export const MAX_CANDIDATES = 200;

type Node = ReturnType<typeof parseDocument>["children"][number];

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/** Words of a file name: 'AQA-84611H-QP-JUN22.PDF' → AQA, 84611H, QP, JUN22. */
function fileWords(url: URL): string[] {
  const name = decodeURIComponent(url.pathname.split("/").pop() ?? "").replace(/\.pdf$/i, "");
  return name.split(/[-_.\s+]+/).filter(Boolean).map((w) => w.toUpperCase());
}

// Types by the words of a link's text (first match wins: a 'Mark scheme for Question paper 1' is a mark scheme).
const TEXT_TYPES: [RegExp, DocumentType][] = [
  [/examiners?'?\s*'?s?\s+reports?|principal examiner|report on the exam/i, "examinerReport"],
  [/mark(ing)?\s*schemes?/i, "markScheme"],
  [/\bspecification\b/i, "specification"],
  [/\binserts?\b|formulae?\s*sheet|data\s*sheet|source\s*booklet|resource/i, "additionalResource"],
  [/question\s*papers?|past\s*papers?|\bexam\s*papers?|sample (assessment|question)|specimen|\bpaper\s*\d/i, "pastPaper"],
];
// Types by a file name's words (AQA's and Pearson's codes).
const FILE_TYPES: [RegExp, DocumentType][] = [
  [/^(WRE|ER|PEF|PER|REPORT)$/, "examinerReport"],
  [/^(MS|RMS|MSC|MARKSCHEME)$/, "markScheme"],
  [/^(SP|SPEC|SPECIFICATION)$/, "specification"],
  [/^(QP|QUE|QUESTION|PAPER)$/, "pastPaper"],
  [/^(INS|INSERT|RESOURCE)$/, "additionalResource"],
];

const typeInText = (text: string) => TEXT_TYPES.find(([pattern]) => pattern.test(text))?.[1] ?? null;
const typeInFile = (words: string[]) => FILE_TYPES.find(([pattern]) => words.some((w) => pattern.test(w)))?.[1] ?? null;

function tierIn(text: string): DocumentTier | null {
  const higher = /\bhigher\b/i.test(text);
  const foundation = /\bfoundation\b/i.test(text);
  return higher === foundation ? null : higher ? "Higher" : "Foundation";
}
/** AQA's 84611H / 83001F, Pearson's 1H / 2F: a paper code ending in the tier's letter. */
function tierInFile(words: string[]): DocumentTier | null {
  for (const word of words) {
    const code = /^(?:\d{4,5}|\d)([FH])$/.exec(word);
    if (code) return code[1] === "H" ? "Higher" : "Foundation";
    if (word === "HIGHER") return "Higher";
    if (word === "FOUNDATION") return "Foundation";
  }
  return null;
}

const plausible = (year: number) => year >= 1990 && year <= new Date().getUTCFullYear() + 1;
function yearIn(text: string): number | null {
  for (const match of text.matchAll(/\b(19|20)\d{2}\b/g)) if (plausible(Number(match[0]))) return Number(match[0]);
  return null;
}
/** AQA's JUN22 / NOV21, Pearson's 20220519 dates, or a plain 2022 among a file name's words. */
function yearInFile(words: string[]): number | null {
  for (const word of words) {
    const series = /^(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*(\d{2})$/.exec(word);
    if (series) return 2000 + Number(series[1]);
    const date = /^((?:19|20)\d{2})(\d{2})(\d{2})?$/.exec(word);
    if (date && plausible(Number(date[1])) && Number(date[2]) <= 12) return Number(date[1]);
    if (/^(19|20)\d{2}$/.test(word) && plausible(Number(word))) return Number(word);
  }
  return null;
}

const isPdfLink = (url: URL, element: { attribs: Record<string, string> }, text: string) =>
  /\.pdf$/i.test(url.pathname) || /application\/pdf/i.test(element.attribs.type ?? "") || /\(\s*pdf\b/i.test(text);

/**
 * The papers linked from a page. `pageUrl` is where the page was fetched from (after redirects):
 * relative links are resolved against it, or against the page's <base href>.
 */
export function findPapers(html: string, pageUrl: string): FoundPaper[] {
  const document = parseDocument(html, { decodeEntities: true });
  const baseElement = DomUtils.findOne((e) => e.name === "base" && !!e.attribs.href, document.children);
  let base = new URL(pageUrl);
  if (baseElement && URL.canParse(baseElement.attribs.href, base)) base = new URL(baseElement.attribs.href, base);

  const found: FoundPaper[] = [];
  const seen = new Set<string>();
  // The headings above the current point of the page, by level: h2 'June 2022' then h3 'Foundation tier'.
  const headings: string[] = [];

  const visit = (node: Node) => {
    if (found.length >= MAX_CANDIDATES || !DomUtils.isTag(node)) return;
    const heading = /^h([1-6])$/.exec(node.name);
    if (heading) {
      const level = Number(heading[1]);
      headings.length = level - 1;
      headings[level - 1] = clean(DomUtils.textContent(node));
    }
    if (node.name === "a" && node.attribs.href) {
      const href = node.attribs.href.trim();
      const url = URL.canParse(href, base) ? new URL(href, base) : null;
      const text = clean(DomUtils.textContent(node)) || clean(node.attribs.title ?? node.attribs["aria-label"] ?? "");
      if (url && /^https?:$/.test(url.protocol) && isPdfLink(url, node, text)) {
        url.hash = "";
        if (!seen.has(url.href)) {
          seen.add(url.href);
          found.push(describe(url, text, headings.filter(Boolean), rowOf(node)));
        }
      }
      return;
    }
    for (const child of node.children) visit(child as Node);
  };
  for (const child of document.children) visit(child as Node);
  return found;
}

interface Row {
  /** The whole row's text. */
  text: string;
  /** Its first cell's, when the link is not in it: what the row is about ('Paper 1 (Foundation tier)'). */
  label: string;
}
type Parented = { name?: string; parent?: unknown; children?: unknown[] };

/** The table row a link sits in (a board's table: 'Paper 1 (Foundation tier) | Question paper | Mark scheme'). */
function rowOf(node: { parent: unknown }): Row {
  let cell: Parented | null = null;
  let at = node.parent as Parented | null;
  for (let depth = 0; at && depth < 4; depth++, at = at.parent as Parented | null) {
    if (at.name === "td" || at.name === "th") cell = at;
    if (at.name === "tr") {
      const first = (at.children ?? []).find((c) => DomUtils.isTag(c as Node) && ["td", "th"].includes((c as { name: string }).name));
      const label = first && first !== cell ? clean(DomUtils.textContent(first as Node)) : "";
      return { text: clean(DomUtils.textContent(at as Node)), label };
    }
  }
  return { text: "", label: "" };
}

function describe(url: URL, text: string, headings: string[], row: Row): FoundPaper {
  const words = fileWords(url);
  // The link says most; then the file name; then the row and the headings above it (OCR's series headings).
  const headingText = headings.join(" · ");
  const context = `${row.text} ${headingText}`;
  const year = yearIn(text) ?? yearInFile(words) ?? yearIn(row.text) ?? yearIn(headingText);
  // Not the headings: a page titled 'Past papers and mark schemes' says nothing about one link.
  const paperType = typeInText(text) ?? typeInFile(words) ?? typeInText(row.text) ?? "additionalResource";
  let title = clean(text.replace(/\(\s*pdf[^)]*\)/gi, ""));
  if (!title) title = decodeURIComponent(url.pathname.split("/").pop() ?? url.href);
  else if (TYPES_WITH_YEAR.includes(paperType) && !/\.pdf$/i.test(title) && yearIn(title) === null) {
    // A bare 'Question paper' in a table under 'June 2021' becomes 'Paper 1 (Foundation tier): Question paper - June 2021'.
    const series = [...headings].reverse().find((h) => yearIn(h) !== null);
    title = `${row.label ? `${row.label}: ` : ""}${title}${series ? ` - ${series}` : ""}`;
  }
  return {
    title: title.slice(0, DOCUMENT_TITLE_MAX),
    url: url.href,
    year,
    paperType,
    tier: tierIn(text) ?? tierInFile(words) ?? tierIn(context),
  };
}
