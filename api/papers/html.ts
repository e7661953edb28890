// Question HTML: sanitised to the safe tags of shared/papers.ts, and read into blocks of styled
// text runs for the PDF renderer.
import sanitizeHtml from "sanitize-html";
import { SAFE_TAGS } from "../../shared/papers.ts";

/** Strips everything but the safe tags, and every attribute: for HTML from models, imports or the database. */
export function sanitiseQuestionHtml(html: string): string {
  return sanitizeHtml(html, { allowedTags: [...SAFE_TAGS], allowedAttributes: {}, disallowedTagsMode: "discard" });
}

export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  mono?: boolean;
  script?: "sub" | "sup";
}

export type Block =
  | { kind: "para"; runs: Run[]; indent: number; bullet?: string }
  | { kind: "pre"; lines: string[]; indent: number }
  | { kind: "table"; rows: { header: boolean; cells: Run[][] }[]; indent: number };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1].toLowerCase() === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Plain text of safe HTML, for de-duplication and search. */
export const htmlToText = (html: string) => decodeEntities(html.replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ").trim();

/** Reads sanitised HTML into blocks. Unknown tags are ignored (their text is kept). */
export function parseBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const style = { bold: 0, italic: 0, mono: 0, sub: 0, sup: 0 };
  const lists: { ordered: boolean; n: number }[] = [];
  let quote = 0;
  let para: Extract<Block, { kind: "para" }> | null = null;
  let pre: string[] | null = null;
  let table: Extract<Block, { kind: "table" }> | null = null;
  let cell: Run[] | null = null;

  const indent = () => lists.length + quote;
  const flush = () => {
    if (para && para.runs.some((r) => r.text.trim())) blocks.push(para);
    para = null;
  };
  const addText = (raw: string) => {
    const text = decodeEntities(raw);
    if (pre) {
      pre.push(text);
      return;
    }
    const run: Run = {
      // HTML collapses ASCII white space only: a no-break space stays, and keeps its words together.
      text: text.replace(/[\t\n\f\r ]+/g, " "),
      ...(style.bold ? { bold: true } : {}),
      ...(style.italic ? { italic: true } : {}),
      ...(style.mono ? { mono: true } : {}),
      ...(style.sub ? { script: "sub" as const } : style.sup ? { script: "sup" as const } : {}),
    };
    if (!run.text) return;
    if (cell) {
      cell.push(run);
      return;
    }
    if (!para) {
      if (!run.text.trim()) return;
      para = { kind: "para", runs: [], indent: indent() };
    }
    para.runs.push(run);
  };

  for (const m of html.matchAll(/<(\/?)\s*([a-zA-Z0-9]+)[^>]*>|([^<]+)/g)) {
    if (m[3] !== undefined) {
      addText(m[3]);
      continue;
    }
    const closing = m[1] === "/";
    const tag = m[2].toLowerCase();
    switch (tag) {
      case "strong":
      case "b":
        style.bold += closing ? -1 : 1;
        break;
      case "em":
      case "i":
        style.italic += closing ? -1 : 1;
        break;
      case "code":
        if (!pre) style.mono += closing ? -1 : 1;
        break;
      case "sub":
        style.sub += closing ? -1 : 1;
        break;
      case "sup":
        style.sup += closing ? -1 : 1;
        break;
      case "br":
        if (pre) pre.push("\n");
        else if (cell) cell.push({ text: "\n" });
        else if (para) para.runs.push({ text: "\n" });
        break;
      case "p":
        if (cell) break;
        flush();
        break;
      case "ul":
      case "ol":
        flush();
        if (closing) lists.pop();
        else lists.push({ ordered: tag === "ol", n: 0 });
        break;
      case "li": {
        flush();
        if (!closing) {
          const list = lists.at(-1);
          const bullet = list?.ordered ? `${++list.n}.` : "•";
          para = { kind: "para", runs: [], indent: Math.max(0, indent() - 1), bullet };
        }
        break;
      }
      case "blockquote":
        flush();
        quote += closing ? -1 : 1;
        break;
      case "pre":
        flush();
        if (closing) {
          const lines = (pre ?? []).join("").replace(/^\n+|\n+$/g, "").split("\n");
          blocks.push({ kind: "pre", lines, indent: indent() });
          pre = null;
        } else pre = [];
        break;
      case "table":
        flush();
        if (closing) {
          if (table?.rows.length) blocks.push(table);
          table = null;
        } else table = { kind: "table", rows: [], indent: indent() };
        break;
      case "tr":
        if (!closing && table) table.rows.push({ header: false, cells: [] });
        break;
      case "th":
      case "td":
        if (closing) cell = null;
        else if (table) {
          const row = table.rows.at(-1) ?? (table.rows.push({ header: false, cells: [] }), table.rows.at(-1)!);
          if (tag === "th") row.header = true;
          cell = [];
          row.cells.push(cell);
        }
        break;
      default:
        break;
    }
  }
  flush();
  return blocks;
}
