// A corpus paper as HTML in its board's look, for Chromium to print (print.ts): the board's cover,
// running headers and footers, page numbers, 'Turn over', AQA's boxed question numbers and "Do not
// write outside the box", Edexcel's "DO NOT WRITE IN THIS AREA" margins, barcodes and question totals,
// OCR's dotted lines ending in [n]; marks in each board's style, multiple-choice options in two
// columns, tables, answer lines. The mark scheme's HTML is in mark-scheme-html.ts.
import { esc, paginatedHtml } from "./layout.ts";
import { COVERS, FURNITURE_CSS, pageShell } from "./furniture.ts";
import { type CorpusPaper, type CorpusPart, type CorpusQuestion, type Convention, questionsOf } from "./types.ts";

/** The mark as the board prints it. */
export function printedMarks(convention: Convention, marks: number): string {
  if (convention === "AQA") return `[${marks} mark${marks === 1 ? "" : "s"}]`;
  if (convention === "Edexcel") return `(${marks})`;
  return `[${marks}]`;
}

const LABELS = /^(\d+)((?:\([a-z]+\))*)$/;

/** A number's pieces: "1(a)(ii)" → { question: "1", labels: ["(a)", "(ii)"] }; AQA "01.2" → { question: "01", labels: [".2"] }. */
function piecesOf(convention: Convention, number: string) {
  if (convention === "AQA") {
    const [q, p] = number.split(".");
    return { question: q, labels: p ? [`.${p}`] : [] };
  }
  const m = LABELS.exec(number);
  if (!m) throw new Error(`Not a ${convention} number: ${number}`);
  return { question: m[1], labels: [...m[2].matchAll(/\([a-z]+\)/g)].map((x) => x[0]) };
}

/**
 * The number printed at the start of the part's first line. AQA prints every part in full ("01.1",
 * in boxes); Edexcel and OCR print only what changed from the part before ("(b)", "(ii)", "1 (a) (i)"),
 * and the question number stands with the stem when there is one.
 */
export function printedLabel(paper: CorpusPaper, number: string): string {
  for (const q of questionsOf(paper)) {
    const i = q.parts.findIndex((p) => p.number === number);
    if (i >= 0) return labelColumns(paper.convention, q, i).filter(Boolean).join(" ");
  }
  throw new Error(`No part ${number} in ${paper.id}`);
}

function labelColumns(convention: Convention, q: CorpusQuestion, i: number): string[] {
  const { question, labels } = piecesOf(convention, q.parts[i].number);
  if (convention === "AQA") return [q.parts[i].number];
  const before = i > 0 ? piecesOf(convention, q.parts[i - 1].number).labels : [];
  const changedAt = labels.findIndex((l, k) => l !== before[k]);
  const shown = labels.map((l, k) => (k >= changedAt ? l : ""));
  return [i === 0 && !q.stem ? question : "", ...shown];
}

const lines = (n: number, cls = "rule") => `<div class="answer-lines">${`<div class="${cls}"></div>`.repeat(n)}</div>`;
/** A line of dots as Edexcel and OCR print them (text, so a PDF's text holds it as those boards' do). */
const DOTS = ".".repeat(160);
const dotLine = (end = "") => `<div class="dots"><span class="fill">${DOTS}</span>${end ? `<span class="end">${esc(end)}</span>` : ""}</div>`;
const defaultLines = (part: CorpusPart) => part.lines ?? (part.options ? 0 : Math.min(1 + part.marks * 2, 16));

function table(part: CorpusPart): string {
  if (!part.table) return "";
  const { header, rows } = part.table;
  return `<table class="data"><thead><tr>${header.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead><tbody>${
    rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`).join("")
  }</tbody></table>`;
}

/** Options in two columns (A B / C D), each with the board's box or lozenge. */
function options(convention: Convention, part: CorpusPart): string {
  if (!part.options) return "";
  const letters = ["A", "B", "C", "D", "E", "F"];
  const cells = part.options.map((o, i) => {
    if (convention === "AQA") return `<div class="opt"><span class="opt-text">${esc(o)}</span><span class="tick"></span></div>`;
    if (convention === "Edexcel") return `<div class="opt"><span class="cross"></span><b>${letters[i]}</b> <span>${esc(o)}</span></div>`;
    return `<div class="opt"><b>${letters[i]}</b> <span>${esc(o)}</span></div>`;
  });
  return `<div class="options">${cells.join("")}</div>`;
}

/** The part's words, table, options and answer space, and its mark where the board prints it. */
function partBody(convention: Convention, part: CorpusPart, maths: boolean): string {
  const mark = printedMarks(convention, part.marks);
  const n = defaultLines(part);
  const words = `<p class="text">${esc(part.text)}</p>${table(part)}${part.after ? `<p class="text">${esc(part.after)}</p>` : ""}${options(convention, part)}`;
  if (convention === "AQA") {
    return `${words}<div class="marks">${mark}</div>${n ? lines(n) : ""}`;
  }
  if (convention === "Edexcel") {
    let space = "";
    if (maths) space = `<div class="working" style="height:${18 + part.marks * 14}mm"></div><div class="answer-line">${DOTS.slice(0, 60)} ${esc(part.unit ?? "")}</div>`;
    else if (part.unit) space = `<div class="working" style="height:${10 + part.marks * 8}mm"></div><div class="answer-line">${DOTS.slice(0, 50)} ${esc(part.unit)}</div>`;
    else if (n) space = Array.from({ length: n }, () => dotLine()).join("");
    return `${words}${space}<div class="marks">${mark}</div>`;
  }
  // OCR: the mark ends the last answer line; a multiple-choice part has its answer box.
  if (part.options) return `${words}<div class="your-answer"><span>Your answer</span><span class="answer-box"></span><span class="end">${mark}</span></div>`;
  if (!n) return `${words}<div class="marks">${mark}</div>`;
  return `${words}${Array.from({ length: n }, (_, i) => dotLine(i === n - 1 ? mark : "")).join("")}`;
}

/** AQA's boxed digits: "01.2" → [0][1] . [2]. */
const boxed = (number: string) =>
  `<span class="qnum">${[...number].map((c) => (c === "." ? `<span class="qdot">.</span>` : `<span class="qbox">${c}</span>`)).join("")}</span>`;

const questionMarks = (q: CorpusQuestion) => q.parts.reduce((n, p) => n + p.marks, 0);

function questionBlocks(paper: CorpusPaper, q: CorpusQuestion): string[] {
  const { convention } = paper;
  const maths = paper.cover.subject === "Mathematics";
  return q.parts.map((part, i) => {
    let head = "";
    if (i === 0 && q.stem) {
      head = convention === "AQA"
        ? `<div class="row">${boxed(String(q.question).padStart(2, "0"))}<p class="text stem">${esc(q.stem)}</p></div>`
        : `<div class="row"><span class="c1">${q.question}</span><p class="text stem">${esc(q.stem)}</p></div>`;
    }
    let row: string;
    if (convention === "AQA") {
      row = `<div class="row">${boxed(part.number)}<div class="content">${partBody(convention, part, maths)}</div></div>`;
    } else {
      // As many label columns as the question's deepest number has: "5" has none, "1(a)(i)" two.
      const depth = Math.max(...q.parts.map((p) => piecesOf(convention, p.number).labels.length));
      const columns = labelColumns(convention, q, i).slice(0, 1 + depth).map((label, k) => `<span class="c${k + 1}">${label}</span>`).join("");
      row = `<div class="row">${columns}<div class="content">${partBody(convention, part, maths)}</div></div>`;
    }
    const total = convention === "Edexcel" && i === q.parts.length - 1
      ? `<div class="q-total">(Total for Question ${q.question} is ${questionMarks(q)} mark${questionMarks(q) === 1 ? "" : "s"})</div><hr class="q-rule">`
      : "";
    const rule = convention !== "Edexcel" && i === q.parts.length - 1 ? `<div class="q-gap"></div>` : "";
    return `<div class="blk part" data-number="${esc(part.number)}"${part.breakBefore ? ` data-break="before"` : ""}>${head}${row}${total}${rule}</div>`;
  });
}

function bodyBlocks(paper: CorpusPaper): string[] {
  const blocks: string[] = [];
  const intro = { AQA: "Answer all questions in the spaces provided.", Edexcel: "Answer ALL questions. Write your answers in the spaces provided.", OCR: "" }[paper.convention];
  if (intro && paper.convention === "Edexcel") blocks.push(`<div class="blk intro"><b>${intro}</b><div class="intro-sub">You must write down all the stages in your working.</div></div>`);
  for (const section of paper.sections) {
    if (section.name) {
      blocks.push(`<div class="blk section-head"><h2>${esc(paper.convention === "OCR" ? section.name.toUpperCase() : section.name)}</h2>${
        section.instruction ? `<p>${esc(section.instruction)}</p>` : ""
      }<p>Answer all the questions.</p></div>`);
    } else if (paper.convention === "AQA") {
      blocks.push(`<div class="blk intro"><b>${intro}</b></div>`);
    }
    for (const q of section.questions) blocks.push(...questionBlocks(paper, q));
  }
  const end = {
    AQA: "END OF QUESTIONS",
    Edexcel: `TOTAL FOR PAPER IS ${paper.cover.totalMarks} MARKS`,
    OCR: "END OF QUESTION PAPER",
  }[paper.convention];
  blocks.push(`<div class="blk end-mark">${end}</div>`);
  if (paper.convention === "OCR") {
    blocks.push(`<div class="blk extra-space" data-break="before"><h2>ADDITIONAL ANSWER SPACE</h2>
<p>If additional space is required, you should use the following lined page(s). The question number(s) must be clearly shown in the margin(s).</p>
<div class="extra-lines">${Array.from({ length: 22 }, () => dotLine()).join("")}</div></div>`);
  }
  if (paper.convention === "AQA") {
    blocks.push(`<div class="blk copyright" data-break="before"><p class="no-questions">There are no questions printed on this page</p>
<p class="small"><b>Copyright information</b></p><p class="small">For confidentiality purposes, all acknowledgements of third-party copyright material are published in a separate booklet.</p>
<p class="small">Copyright © ${paper.cover.year} AQA and its licensors. All rights reserved.</p></div>`);
  }
  return blocks;
}

const CSS = `
.page { padding: 12mm 18mm 10mm 18mm; }
.small { font-size: 8pt; }
p { margin: 0 0 2mm 0; }
.text { margin: 0 0 2mm 0; line-height: 1.35; }
.row { display: flex; gap: 3mm; align-items: flex-start; }
.row .content { flex: 1; min-width: 0; }
.q-gap { height: 5mm; }
.part { padding-bottom: 3mm; }
table.data { border-collapse: collapse; margin: 2mm auto 3mm auto; font-size: 10.5pt; }
table.data th, table.data td { border: 0.3mm solid #000; padding: 1.5mm 4mm; min-width: 22mm; height: 8mm; text-align: center; }
table.data th { font-weight: bold; background: #eee; }
.options { display: grid; grid-template-columns: 1fr 1fr; column-gap: 10mm; row-gap: 3mm; margin: 2mm 0 3mm 4mm; }
.opt { display: flex; align-items: center; gap: 3mm; }
.answer-lines .rule { height: 8.5mm; border-bottom: 0.25mm solid #888; }
.dots { display: flex; white-space: nowrap; overflow: hidden; height: 8.5mm; align-items: flex-end; font-size: 10pt; }
.dots .fill { flex: 1; overflow: hidden; }
.dots .end { flex: none; padding-left: 2mm; font-weight: bold; }
.marks { text-align: right; font-weight: bold; margin: 1mm 0 2mm 0; }
.end-mark { text-align: center; font-weight: bold; margin-top: 8mm; }
.copyright { padding-top: 60mm; }
.no-questions { text-align: center; font-weight: bold; margin-bottom: 80mm; }
.section-head h2 { font-size: 13pt; margin: 2mm 0; }
.extra-space h2 { font-size: 12pt; margin: 0 0 3mm 0; }
.extra-lines { margin-left: 12mm; border-left: 0.3mm solid #000; padding-left: 3mm; }
.intro { margin-bottom: 4mm; }
.intro-sub { font-weight: bold; }

/* AQA */
.aqa .body { padding-right: 6mm; }
.qnum { display: inline-flex; align-items: baseline; flex: none; }
.qbox { display: inline-block; width: 6mm; height: 7mm; line-height: 7mm; text-align: center; background: #d9d9d9; border: 0.3mm solid #000; margin-right: 0.6mm; font-weight: bold; }
.qdot { display: inline-block; width: 2.5mm; text-align: center; font-weight: bold; }
.aqa .row { margin-bottom: 2mm; align-items: baseline; }
.aqa .stem { font-weight: normal; padding-top: 1mm; }
.aqa .opt { justify-content: space-between; max-width: 60mm; }
.tick { width: 7mm; height: 7mm; border: 0.3mm solid #000; flex: none; }

/* Edexcel */
.edexcel { padding-left: 22mm; padding-right: 22mm; }
.edexcel .c1 { width: 7mm; flex: none; font-weight: bold; }
.edexcel .c2, .edexcel .c3 { width: 8mm; flex: none; }
.edexcel .working { }
.edexcel .answer-line { text-align: right; white-space: nowrap; font-size: 10pt; margin-top: 2mm; }
.edexcel .q-total { text-align: right; font-weight: bold; margin-top: 2mm; }
.edexcel hr.q-rule { border: 0; border-top: 0.8mm solid #000; margin: 2mm 0 5mm 0; }
.edexcel .cross { width: 5mm; height: 5mm; border: 0.3mm solid #000; display: inline-block; flex: none; }
.edexcel .foot { font-size: 8pt; }

/* OCR */
.ocr .c1 { width: 7mm; flex: none; font-weight: bold; }
.ocr .c2, .ocr .c3 { width: 8mm; flex: none; }
.ocr .your-answer { display: flex; align-items: center; justify-content: flex-end; gap: 4mm; margin: 1mm 0 4mm 0; }
.ocr .answer-box { width: 16mm; height: 9mm; border: 0.3mm solid #000; }
.ocr .your-answer .end { font-weight: bold; }
.ocr .opt { max-width: 70mm; }
`;

/** The paper as HTML: its cover, then its questions flowed onto pages with the board's furniture. */
export function paperHtml(paper: CorpusPaper): string {
  const cover = COVERS[paper.convention](paper);
  return paginatedHtml({
    title: `${paper.cover.board} ${paper.cover.subject} ${paper.cover.paperCode} ${paper.cover.series} ${paper.cover.year}`,
    css: FURNITURE_CSS + CSS,
    frontPages: [cover],
    pageShell: pageShell(paper),
    blocks: bodyBlocks(paper),
  });
}

