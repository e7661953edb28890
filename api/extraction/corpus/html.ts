// A corpus paper as HTML in its board's look, for Chromium to print (print.ts): the board's cover,
// running headers and footers, page numbers, 'Turn over', AQA's boxed question numbers and "Do not
// write outside the box", Edexcel's "DO NOT WRITE IN THIS AREA" margins, barcodes and question totals,
// OCR's dotted lines ending in [n]; marks in each board's style, multiple-choice options in two
// columns, tables, answer lines. The mark scheme's HTML is in mark-scheme-html.ts.
import { esc, paginatedHtml } from "./layout.ts";
import { type CorpusCover, type CorpusPaper, type CorpusPart, type CorpusQuestion, type Convention, questionsOf } from "./types.ts";

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

const TIME = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} hour${h > 1 ? "s" : ""}` : "", m ? `${m} minutes` : ""].filter(Boolean).join(" ");
};
const DATE = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
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

const candidateBoxes = (n: number) => `<span class="cand-boxes">${"<span></span>".repeat(n)}</span>`;

function coverFacts(c: CorpusCover) {
  return { date: DATE(c.date), time: TIME(c.timeMinutes), yy: String(c.year).slice(2), mon: c.series === "June" ? "Jun" : "Nov" };
}

function aqaCover(paper: CorpusPaper): string {
  const c = paper.cover;
  const f = coverFacts(c);
  const examiner = questionsOf(paper).map((q) => `<tr><td>${q.question}</td><td></td></tr>`).join("");
  const materials = c.subject === "Biology" || c.subject === "Chemistry"
    ? "a ruler; a scientific calculator; the periodic table (enclosed)."
    : "a ruler; a scientific calculator; the Physics Equations Sheet (enclosed).";
  return `<div class="page cover aqa">
<div class="cover-top"><div class="logo">AQA</div><div class="write-clearly">Please write clearly in block capitals.</div></div>
<div class="cand">
<div>Centre number ${candidateBoxes(5)} Candidate number ${candidateBoxes(4)}</div>
<div class="cand-line">Surname</div><div class="cand-line">Forename(s)</div><div class="cand-line">Candidate signature <span class="small">I declare this is my own work.</span></div>
</div>
<div class="qual">GCSE</div>
<div class="subject">${esc(c.subject.toUpperCase())}</div>
<div class="tier">${c.tier ? `${c.tier} Tier` : ""} &nbsp; ${esc(c.paperTitle)}</div>
<div class="when"><b>${esc(f.date)}</b> &nbsp; ${c.session} &nbsp;&nbsp; <span class="time">Time allowed: ${f.time}</span></div>
<div class="cover-cols"><div class="cover-text">
<h3>Materials</h3><p>For this paper you must have: ${materials}</p>
<h3>Instructions</h3><ul><li>Use black ink or black ball-point pen.</li><li>Pencil should only be used for drawing.</li><li>Fill in the boxes at the top of this page.</li><li>Answer <b>all</b> questions in the spaces provided.</li><li>Do all rough work in this book. Cross through any work you do not want to be marked.</li><li>In all calculations, show clearly how you work out your answer.</li></ul>
<h3>Information</h3><ul><li>The maximum mark for this paper is ${c.totalMarks}.</li><li>The marks for questions are shown in brackets.</li><li>You are expected to use a calculator where appropriate.</li></ul>
</div><div class="examiner"><table><caption>For Examiner’s Use</caption><thead><tr><th>Question</th><th>Mark</th></tr></thead><tbody>${examiner}<tr><td><b>TOTAL</b></td><td></td></tr></tbody></table></div></div>
<div class="foot"><span class="code">${esc(c.printReference)}</span><span class="paper-code">${esc(c.paperCode)}</span><span class="barcode-text">*${f.mon.toUpperCase()}${f.yy}${c.paperCode.replace(/\W/g, "")}01*</span></div>
</div>`;
}

function edexcelCover(paper: CorpusPaper): string {
  const c = paper.cover;
  const f = coverFacts(c);
  const maths = c.subject === "Mathematics";
  const must = maths
    ? "Ruler graduated in centimetres and millimetres, protractor, pair of compasses, pen, HB pencil, eraser. Tracing paper may be used."
    : "Calculator, ruler, Equation Booklet (enclosed).";
  const instructions = [
    "Use <b>black</b> ink or ball-point pen.",
    "<b>Fill in the boxes</b> at the top of this page with your name, centre number and candidate number.",
    "Answer <b>all</b> questions.",
    "Answer the questions in the spaces provided – <i>there may be more space than you need.</i>",
    ...(maths ? ["You must <b>show all your working.</b>", "Diagrams are <b>NOT</b> accurately drawn, unless otherwise indicated.", "Calculators may not be used."] : [
      "Show all the steps in any calculations and state the units.",
    ]),
  ];
  return `<div class="page cover edexcel">
<p class="check">Please check the examination details below before entering your candidate information</p>
<div class="cand-grid"><div>Candidate surname<div class="field"></div></div><div>Other names<div class="field"></div></div></div>
<div class="cand-grid"><div>Centre Number ${candidateBoxes(5)}</div><div>Candidate Number ${candidateBoxes(4)}</div></div>
<div class="brand"><b>Pearson Edexcel</b> Level 1/Level 2 GCSE (9–1)</div>
<div class="when-grid"><div><b>${esc(f.date)}</b><br>${c.session} (Time: ${f.time})</div><div>Paper reference <b class="ref">${esc(c.paperCode)}</b></div></div>
<div class="subject">${esc(c.subject)}</div>
<div class="tier"><b>${esc(c.paperTitle.toUpperCase())}</b><br>${c.tier ? `${c.tier} Tier` : ""}</div>
<div class="must"><div><b>You must have:</b> ${must}</div><div class="total-box">Total Marks<div class="field"></div></div></div>
<h3>Instructions</h3><ul>${instructions.map((i) => `<li>${i}</li>`).join("")}</ul>
<h3>Information</h3><ul><li>The total mark for this paper is ${c.totalMarks}.</li><li>The marks for <b>each</b> question are shown in brackets – <i>use this as a guide as to how much time to spend on each question.</i></li></ul>
<h3>Advice</h3><ul><li>Read each question carefully before you start to answer it.</li><li>Keep an eye on the time.</li><li>Check your answers if you have time at the end.</li></ul>
<div class="foot"><span class="barcode" data-barcode="${esc(c.printReference)}"></span><span>${esc(c.printReference)}<br>©${c.year} Pearson Education Ltd.</span><span class="turn-over">Turn over ►</span></div>
</div>`;
}

function ocrCover(paper: CorpusPaper): string {
  const c = paper.cover;
  const f = coverFacts(c);
  const materials = c.subject === "Computer Science"
    ? "<p><b>Do not use:</b><br>• a calculator</p>"
    : "<p><b>You must have:</b><br>• a ruler (cm/mm)</p><p><b>You can use:</b><br>• a scientific or graphical calculator</p>";
  return `<div class="page cover ocr">
<div class="cover-top"><div class="logo">OCR</div><div class="logo-sub">Oxford Cambridge and RSA</div></div>
<div class="when"><b>${esc(f.date)} – ${c.session}</b></div>
<div class="qual">GCSE (9–1) ${esc(c.subject)}</div>
<div class="subject">${esc(c.paperCode)} ${esc(c.paperTitle)}${c.tier ? ` (${c.tier} Tier)` : ""}</div>
<div class="time">Time allowed: ${f.time}</div>
<div class="materials">${materials}</div>
<div class="cand"><p>Please write clearly in black ink. <b>Do not write in the barcodes.</b></p>
<div>Centre number ${candidateBoxes(5)} Candidate number ${candidateBoxes(4)}</div>
<div class="cand-line">First name(s)</div><div class="cand-line">Last name</div></div>
<h3>INSTRUCTIONS</h3><ul><li>Use black ink. You can use an HB pencil, but only for graphs and diagrams.</li><li>Write your answer to each question in the space provided.</li><li>Answer <b>all</b> the questions.</li></ul>
<h3>INFORMATION</h3><ul><li>The total mark for this paper is <b>${c.totalMarks}</b>.</li><li>The marks for each question are shown in brackets [ ].</li><li>This document has <span data-page-count></span> pages.</li></ul>
<h3>ADVICE</h3><ul><li>Read each question carefully before you start your answer.</li></ul>
<div class="foot"><span>© OCR ${c.year} [601/8355/X]<br>${esc(c.printReference)}</span><span class="turn-over">Turn over</span></div>
</div>`;
}

/** The shell of a question page: the board's header, footer and margins. */
function pageShell(paper: CorpusPaper): string {
  const c = paper.cover;
  const f = coverFacts(c);
  if (paper.convention === "AQA") {
    return `<div class="page aqa"><div class="head"><span class="page-no" data-page-number></span><span class="margin-note">Do not write outside the box</span></div>
<div class="body"></div>
<div class="foot"><span class="code">${esc(c.printReference)}/${esc(c.paperCode)}</span><span class="turn-over">Turn over ►</span></div><div class="margin-rule"></div></div>`;
  }
  if (paper.convention === "Edexcel") {
    const side = (cls: string) => `<div class="side ${cls}">${"<span>DO NOT WRITE IN THIS AREA</span>".repeat(3)}</div>`;
    return `<div class="page edexcel">${side("left")}${side("right")}<div class="head"></div>
<div class="body"></div>
<div class="foot"><span class="barcode" data-barcode="${esc(c.printReference)}"></span><span class="page-no" data-page-number></span><span class="turn-over">Turn over ►</span></div></div>`;
  }
  return `<div class="page ocr"><div class="head"><span class="page-no" data-page-number></span></div>
<div class="body"></div>
<div class="foot"><span>© OCR ${c.year}</span><span class="code">${esc(c.paperCode)} ${f.mon}${f.yy}</span><span class="turn-over">Turn over</span></div></div>`;
}

const CSS = `
.page { padding: 12mm 18mm 10mm 18mm; }
.head { height: 9mm; display: flex; justify-content: center; align-items: flex-start; font-size: 10pt; position: relative; }
.foot { height: 10mm; display: flex; justify-content: space-between; align-items: flex-end; font-size: 8pt; }
.turn-over { font-weight: bold; font-size: 10pt; }
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
.cover h3 { font-size: 11pt; margin: 4mm 0 1mm 0; }
.cover ul { margin: 0; padding-left: 6mm; }
.cover li { margin-bottom: 1mm; }
.cand-boxes { display: inline-flex; vertical-align: middle; margin: 0 4mm 0 1mm; }
.cand-boxes span { width: 7mm; height: 8mm; border: 0.3mm solid #000; margin-left: -0.3mm; }
.cand-line { border-bottom: 0.3mm solid #000; height: 9mm; padding-top: 3mm; margin-top: 1mm; }
.cover .foot { margin-top: auto; }
.barcode { font-family: "DejaVu Sans Mono", monospace; font-size: 9pt; }

/* AQA */
.aqa .head .margin-note { position: absolute; right: -12mm; top: 0; width: 14mm; font-size: 6.5pt; text-align: center; line-height: 1.1; }
.aqa .margin-rule { position: absolute; top: 22mm; bottom: 20mm; right: 16mm; border-right: 0.3mm solid #000; }
.aqa .body { padding-right: 6mm; }
.qnum { display: inline-flex; align-items: baseline; flex: none; }
.qbox { display: inline-block; width: 6mm; height: 7mm; line-height: 7mm; text-align: center; background: #d9d9d9; border: 0.3mm solid #000; margin-right: 0.6mm; font-weight: bold; }
.qdot { display: inline-block; width: 2.5mm; text-align: center; font-weight: bold; }
.aqa .row { margin-bottom: 2mm; align-items: baseline; }
.aqa .stem { font-weight: normal; padding-top: 1mm; }
.aqa .opt { justify-content: space-between; max-width: 60mm; }
.tick { width: 7mm; height: 7mm; border: 0.3mm solid #000; flex: none; }
.aqa.cover { padding: 12mm 18mm; }
.aqa.cover .cover-top { display: flex; justify-content: space-between; align-items: center; }
.aqa.cover .logo { font-size: 30pt; font-weight: bold; letter-spacing: 1mm; border: 1mm solid #000; padding: 1mm 4mm; }
.aqa.cover .cand { margin: 6mm 0; }
.aqa.cover .qual { font-size: 16pt; font-weight: bold; margin-top: 6mm; }
.aqa.cover .subject { font-size: 28pt; font-weight: bold; }
.aqa.cover .tier { font-size: 14pt; margin: 2mm 0 4mm 0; }
.aqa.cover .when { font-size: 11pt; margin-bottom: 4mm; }
.aqa.cover .when .time { float: right; font-weight: bold; }
.aqa.cover .cover-cols { display: flex; gap: 8mm; }
.aqa.cover .cover-text { flex: 1; }
.aqa.cover .examiner table { border-collapse: collapse; font-size: 9pt; }
.aqa.cover .examiner caption { font-weight: bold; font-size: 9pt; padding-bottom: 1mm; }
.aqa.cover .examiner td, .aqa.cover .examiner th { border: 0.3mm solid #000; width: 16mm; height: 7mm; text-align: center; }
.aqa.cover .foot { font-size: 9pt; }
.aqa.cover .barcode-text { font-family: "DejaVu Sans Mono", monospace; }

/* Edexcel */
.edexcel { padding-left: 22mm; padding-right: 22mm; }
.edexcel .side { position: absolute; top: 20mm; bottom: 20mm; width: 6mm; display: flex; flex-direction: column; justify-content: space-around; align-items: center; font-size: 6pt; font-weight: bold; color: #444; }
.edexcel .side span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
.edexcel .side.left { left: 8mm; }
.edexcel .side.right { right: 8mm; }
.edexcel .c1 { width: 7mm; flex: none; font-weight: bold; }
.edexcel .c2, .edexcel .c3 { width: 8mm; flex: none; }
.edexcel .working { }
.edexcel .answer-line { text-align: right; white-space: nowrap; font-size: 10pt; margin-top: 2mm; }
.edexcel .q-total { text-align: right; font-weight: bold; margin-top: 2mm; }
.edexcel hr.q-rule { border: 0; border-top: 0.8mm solid #000; margin: 2mm 0 5mm 0; }
.edexcel .cross { width: 5mm; height: 5mm; border: 0.3mm solid #000; display: inline-block; flex: none; }
.edexcel .foot { font-size: 8pt; }
.edexcel.cover { padding: 10mm 18mm; font-size: 10.5pt; }
.edexcel.cover .check { text-align: center; background: #ddd; padding: 1.5mm; font-size: 9pt; }
.edexcel.cover .cand-grid { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; margin: 2mm 0; }
.edexcel.cover .field { border: 0.3mm solid #000; height: 9mm; }
.edexcel.cover .brand { font-size: 14pt; margin-top: 6mm; border-top: 1mm solid #000; padding-top: 2mm; }
.edexcel.cover .when-grid { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; margin: 4mm 0; }
.edexcel.cover .ref { font-size: 16pt; }
.edexcel.cover .subject { font-size: 26pt; font-weight: bold; }
.edexcel.cover .tier { font-size: 13pt; margin: 2mm 0 4mm 0; }
.edexcel.cover .must { display: flex; gap: 6mm; border: 0.3mm solid #000; padding: 2mm; }
.edexcel.cover .must .total-box { width: 35mm; flex: none; }

/* OCR */
.ocr .head { justify-content: center; }
.ocr .c1 { width: 7mm; flex: none; font-weight: bold; }
.ocr .c2, .ocr .c3 { width: 8mm; flex: none; }
.ocr .your-answer { display: flex; align-items: center; justify-content: flex-end; gap: 4mm; margin: 1mm 0 4mm 0; }
.ocr .answer-box { width: 16mm; height: 9mm; border: 0.3mm solid #000; }
.ocr .your-answer .end { font-weight: bold; }
.ocr .opt { max-width: 70mm; }
.ocr.cover .cover-top { display: flex; align-items: baseline; gap: 4mm; }
.ocr.cover .logo { font-size: 32pt; font-weight: bold; font-style: italic; }
.ocr.cover .logo-sub { font-size: 10pt; }
.ocr.cover .when { margin: 6mm 0 3mm 0; font-size: 12pt; }
.ocr.cover .qual { font-size: 18pt; font-weight: bold; }
.ocr.cover .subject { font-size: 15pt; font-weight: bold; margin: 2mm 0; }
.ocr.cover .time { font-size: 12pt; font-weight: bold; margin-bottom: 3mm; }
.ocr.cover .cand { border: 0.3mm solid #000; padding: 3mm; margin: 4mm 0; }
`;

/** The paper as HTML: its cover, then its questions flowed onto pages with the board's furniture. */
export function paperHtml(paper: CorpusPaper): string {
  const cover = { AQA: aqaCover, Edexcel: edexcelCover, OCR: ocrCover }[paper.convention](paper);
  return paginatedHtml({
    title: `${paper.cover.board} ${paper.cover.subject} ${paper.cover.paperCode} ${paper.cover.series} ${paper.cover.year}`,
    css: CSS,
    frontPages: [cover],
    pageShell: pageShell(paper),
    blocks: bodyBlocks(paper),
  });
}

