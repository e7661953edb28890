// Each board's cover and the shell of its question pages: running header and footer, page numbers,
// 'Turn over', barcodes (Edexcel's *P73482A0209*: reference, page, pages), AQA's "Do not write outside
// the box" margin and Edexcel's "DO NOT WRITE IN THIS AREA" down both sides. layout.ts fills in the
// page numbers and barcodes once the pages are laid out.
import { esc } from "./layout.ts";
import { type Convention, type CorpusCover, type CorpusPaper, questionsOf } from "./types.ts";

const TIME = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} hour${h > 1 ? "s" : ""}` : "", m ? `${m} minutes` : ""].filter(Boolean).join(" ");
};
const DATE = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

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
export function pageShell(paper: CorpusPaper): string {
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

export const COVERS: Record<Convention, (paper: CorpusPaper) => string> = { AQA: aqaCover, Edexcel: edexcelCover, OCR: ocrCover };

export const FURNITURE_CSS = `
.head { height: 9mm; display: flex; justify-content: center; align-items: flex-start; font-size: 10pt; position: relative; }
.foot { height: 10mm; display: flex; justify-content: space-between; align-items: flex-end; font-size: 8pt; }
.turn-over { font-weight: bold; font-size: 10pt; }
.cover h3 { font-size: 11pt; margin: 4mm 0 1mm 0; }
.cover ul { margin: 0; padding-left: 6mm; }
.cover li { margin-bottom: 1mm; }
.cand-boxes { display: inline-flex; vertical-align: middle; margin: 0 4mm 0 1mm; }
.cand-boxes span { width: 7mm; height: 8mm; border: 0.3mm solid #000; margin-left: -0.3mm; }
.cand-line { border-bottom: 0.3mm solid #000; height: 9mm; padding-top: 3mm; margin-top: 1mm; }
.cover .foot { margin-top: auto; }
.barcode { font-family: "DejaVu Sans Mono", monospace; font-size: 9pt; }
.aqa .head .margin-note { position: absolute; right: -12mm; top: 0; width: 14mm; font-size: 6.5pt; text-align: center; line-height: 1.1; }
.aqa .margin-rule { position: absolute; top: 22mm; bottom: 20mm; right: 16mm; border-right: 0.3mm solid #000; }
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
.edexcel .side { position: absolute; top: 20mm; bottom: 20mm; width: 6mm; display: flex; flex-direction: column; justify-content: space-around; align-items: center; font-size: 6pt; font-weight: bold; color: #444; }
.edexcel .side span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
.edexcel .side.left { left: 8mm; }
.edexcel .side.right { right: 8mm; }
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
.ocr .head { justify-content: center; }
.ocr.cover .cover-top { display: flex; align-items: baseline; gap: 4mm; }
.ocr.cover .logo { font-size: 32pt; font-weight: bold; font-style: italic; }
.ocr.cover .logo-sub { font-size: 10pt; }
.ocr.cover .when { margin: 6mm 0 3mm 0; font-size: 12pt; }
.ocr.cover .qual { font-size: 18pt; font-weight: bold; }
.ocr.cover .subject { font-size: 15pt; font-weight: bold; margin: 2mm 0; }
.ocr.cover .time { font-size: 12pt; font-weight: bold; margin-bottom: 3mm; }
.ocr.cover .cand { border: 0.3mm solid #000; padding: 3mm; margin: 4mm 0; }
`;
