// A corpus paper's mark scheme as HTML in its board's style: a title, a short general guidance, then
// one table row per markable part (AQA: Question | Answers | Extra information | Mark | AO / Spec. Ref.;
// Edexcel Mathematics: Question | Working | Answer | Mark | Notes; Edexcel science: Question number |
// Answer | Additional guidance | Mark; OCR: Question | Answer | Marks | AO element | Guidance). The
// column headings repeat at the top of every page, as the boards print them.
import { esc, paginatedHtml } from "./layout.ts";
import { type CorpusPaper, type CorpusPart, questionsOf } from "./types.ts";

interface Column {
  heading: string;
  width: string;
  cell: (part: CorpusPart, number: string) => string;
}

const answerCell = (part: CorpusPart) => part.answer.map((a) => `<div>${esc(a)}</div>`).join("");
const guidanceCell = (part: CorpusPart) => esc(part.guidance ?? "");

function columns(paper: CorpusPaper): Column[] {
  if (paper.convention === "AQA") {
    return [
      { heading: "Question", width: "16mm", cell: (_, n) => esc(n) },
      { heading: "Answers", width: "auto", cell: answerCell },
      { heading: "Extra information", width: "40mm", cell: guidanceCell },
      { heading: "Mark", width: "13mm", cell: (p) => String(p.marks) },
      { heading: "AO / Spec. Ref.", width: "24mm", cell: (p) => esc(p.ao ?? "") },
    ];
  }
  if (paper.convention === "Edexcel" && paper.cover.subject === "Mathematics") {
    return [
      { heading: "Question", width: "18mm", cell: (_, n) => esc(n) },
      { heading: "Working", width: "30mm", cell: () => "" },
      { heading: "Answer", width: "30mm", cell: answerCell },
      { heading: "Mark", width: "13mm", cell: (p) => String(p.marks) },
      { heading: "Notes", width: "auto", cell: guidanceCell },
    ];
  }
  if (paper.convention === "Edexcel") {
    return [
      { heading: "Question number", width: "20mm", cell: (_, n) => esc(n) },
      { heading: "Answer", width: "auto", cell: answerCell },
      { heading: "Additional guidance", width: "40mm", cell: guidanceCell },
      { heading: "Mark", width: "14mm", cell: (p) => `(${p.marks})` },
    ];
  }
  return [
    { heading: "Question", width: "18mm", cell: (_, n) => esc(n.replace(/\(/g, " (").trim()) },
    { heading: "Answer", width: "auto", cell: answerCell },
    { heading: "Marks", width: "14mm", cell: (p) => String(p.marks) },
    { heading: "AO element", width: "18mm", cell: (p) => esc(p.ao ?? "") },
    { heading: "Guidance", width: "40mm", cell: guidanceCell },
  ];
}

const colgroup = (cols: Column[]) => `<colgroup>${cols.map((c) => `<col style="width:${c.width}">`).join("")}</colgroup>`;

function title(paper: CorpusPaper): string {
  const c = paper.cover;
  const series = `${c.series} ${c.year}`;
  if (paper.convention === "AQA") {
    return `<div class="ms-title"><div class="logo">AQA</div><h1>GCSE<br>${esc(c.subject.toUpperCase())}</h1><p>${esc(c.paperCode)}: ${esc(c.paperTitle)}${
      c.tier ? ` – ${c.tier} Tier` : ""
    }</p><p>Mark scheme</p><p>${series}</p><p class="small">Version: 1.0 Final</p></div>`;
  }
  if (paper.convention === "Edexcel") {
    return `<div class="ms-title"><h1>Mark Scheme (Results)</h1><p>${series}</p><p>Pearson Edexcel GCSE (9–1) In ${esc(c.subject)} (${esc(c.paperCode.split("/")[0])})</p><p>${
      esc(c.paperTitle)
    }${c.tier ? ` ${c.tier} Tier` : ""}</p><p class="small">Paper reference ${esc(c.paperCode)}</p></div>`;
  }
  return `<div class="ms-title"><div class="logo ocr-logo">OCR</div><h1>GCSE (9–1) ${esc(c.subject)}</h1><p>${esc(c.paperCode)}: ${esc(c.paperTitle)}${
    c.tier ? ` (${c.tier} Tier)` : ""
  }</p><p>General Certificate of Secondary Education</p><p>Mark Scheme for ${series}</p></div>`;
}

const GUIDANCE: Record<CorpusPaper["convention"], string> = {
  AQA:
    "Mark schemes are prepared by the Lead Assessment Writer and considered, together with the relevant questions, by a panel of subject teachers. Where a question asks for a number of answers, only that number of answers is credited; a list of more answers than asked for is marked in order. In a level of response question the descriptor for each level shows the average performance for the level.",
  Edexcel:
    "All candidates must receive the same treatment. Examiners must mark the first candidate in exactly the same way as they mark the last. Mark schemes should be applied positively. M marks are for method, A marks are for accuracy and depend on the method, B marks are unconditional.",
  OCR:
    "Annotations used in the detailed mark scheme: / separates alternative answers; ( ) words which are not essential to gain credit; ecf error carried forward; ORA or reverse argument. Where a question requires a number of points, credit each correct point up to the maximum.",
};

/** The mark scheme as HTML: title and guidance, then a row per part under repeated column headings. */
export function markSchemeHtml(paper: CorpusPaper): string {
  const cols = columns(paper);
  const c = paper.cover;
  const head = `<table class="ms head">${colgroup(cols)}<tr>${cols.map((col) => `<th>${esc(col.heading)}</th>`).join("")}</tr></table>`;
  const rows = questionsOf(paper).flatMap((q) =>
    q.parts.map((part) =>
      `<div class="blk" data-head="ms-head" data-number="${esc(part.number)}"><table class="ms">${colgroup(cols)}<tr>${
        cols.map((col) => `<td>${col.cell(part, part.number)}</td>`).join("")
      }</tr></table></div>`
    )
  );
  const running = paper.convention === "AQA"
    ? `MARK SCHEME – GCSE ${c.subject.toUpperCase()} – ${c.paperCode} – ${c.series.toUpperCase()} ${c.year}`
    : paper.convention === "Edexcel"
    ? `${c.paperCode} ${c.series} ${c.year} Mark Scheme`
    : `${c.paperCode} Mark Scheme ${c.series} ${c.year}`;
  return paginatedHtml({
    title: `${c.board} ${c.subject} ${c.paperCode} mark scheme`,
    css: CSS,
    pageShell: `<div class="page ms-page"><div class="head">${esc(running)}</div><div class="body"></div><div class="foot"><span></span><span data-page-number></span><span></span></div></div>`,
    heads: { "ms-head": head },
    blocks: [
      `<div class="blk">${title(paper)}</div>`,
      `<div class="blk guidance"><h2>${paper.convention === "OCR" ? "Marking instructions" : "General marking guidance"}</h2><p>${GUIDANCE[paper.convention]}</p></div>`,
      ...rows,
    ],
  });
}

const CSS = `
.page { padding: 12mm 16mm 10mm 16mm; font-size: 10pt; }
.head { height: 8mm; font-size: 8pt; text-align: center; }
.foot { height: 8mm; display: flex; justify-content: space-between; align-items: flex-end; font-size: 9pt; }
.ms-title { text-align: center; margin: 20mm 0 10mm 0; }
.ms-title h1 { font-size: 20pt; margin: 4mm 0; }
.ms-title p { margin: 1mm 0; font-size: 12pt; }
.ms-title .logo { font-size: 26pt; font-weight: bold; }
.ms-title .ocr-logo { font-style: italic; }
.small { font-size: 9pt; }
.guidance { margin-bottom: 6mm; }
.guidance h2 { font-size: 12pt; }
table.ms { width: 100%; border-collapse: collapse; table-layout: fixed; }
table.ms td, table.ms th { border: 0.3mm solid #000; border-top: 0; padding: 1.5mm 2mm; vertical-align: top; text-align: left; }
table.ms.head th { border-top: 0.3mm solid #000; background: #e6e6e6; font-weight: bold; }
table.ms td:first-child { font-weight: bold; }
table.ms td div { margin-bottom: 1mm; }
`;
