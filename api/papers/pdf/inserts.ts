// The inserts the cover promises, printed after the questions as the board encloses them: the
// periodic table (a landscape page like the board's data sheet; as a long table in large text) and
// the Physics Equations Sheet (the separate Physics one or the Combined Science: Trilogy one). The
// facts come from shared/inserts.ts.
import { rgb } from "pdf-lib";
import { EQUATION_SHEETS, GROUP_LABELS, HIGHER_TIER_KEY, type Insert, PERIODIC_TABLE, PERIODIC_TABLE_NOTES } from "../../../shared/inserts.ts";
import { parseBlocks } from "../html.ts";
import { widthOfB } from "./fonts.ts";
import { A4, INK, MARGIN, type Writer } from "./writer.ts";

const TRANSITION = rgb(0.93, 0.93, 0.93);

/** The periodic table on one landscape A4 page: masses over symbols over names and atomic numbers. */
function periodicTablePage(w: Writer) {
  const { fonts } = w;
  const width = A4.height;
  const height = A4.width;
  w.newPage([width, height]);
  const page = w.page;
  const left = 34;
  const cw = (width - 2 * left) / 18;
  const ch = 56;
  const title = "The Periodic Table of the Elements";
  page.drawText(title, { x: (width - widthOfB(fonts.bold, title, 15)) / 2, y: height - 40, size: 15, font: fonts.bold, color: INK });
  const gridTop = height - 96;
  const cellTop = (period: number) => gridTop - (period - 1) * ch;
  const cellLeft = (column: number) => left + (column - 1) * cw;
  const centred = (text: string, x: number, y: number, size: number, font = fonts.regular) =>
    page.drawText(text, { x: x + (cw - widthOfB(font, text, size)) / 2, y, size, font, color: INK });
  const cell = (x: number, top: number, e: { mass: string; symbol: string; name: string; z: number }, shaded: boolean) => {
    page.drawRectangle({ x, y: top - ch, width: cw, height: ch, borderColor: INK, borderWidth: 0.6, ...(shaded ? { color: TRANSITION } : {}) });
    centred(e.mass, x, top - 11, 7.5);
    centred(e.symbol, x, top - 28, 14, fonts.bold);
    centred(e.name, x, top - 39, e.name.length > 10 ? 5.2 : 6);
    centred(String(e.z), x, top - 51, 7.5);
  };
  for (const [column, label] of Object.entries(GROUP_LABELS)) centred(label, cellLeft(Number(column)), gridTop + 6, 10, fonts.bold);
  for (const e of PERIODIC_TABLE) cell(cellLeft(e.column), cellTop(e.period), e, e.column >= 3 && e.column <= 12);
  // The key, over the transition metals as on the board's sheet: a cell three columns wide.
  const keyX = cellLeft(6);
  const keyWidth = cw * 3;
  const keyTop = cellTop(1) - 4;
  const keyLine = (text: string, y: number, size: number, font = fonts.regular) =>
    page.drawText(text, { x: keyX + (keyWidth - widthOfB(font, text, size)) / 2, y, size, font, color: INK });
  page.drawText("Key", { x: keyX + (keyWidth - widthOfB(fonts.bold, "Key", 9)) / 2, y: keyTop + 6, size: 9, font: fonts.bold, color: INK });
  page.drawRectangle({ x: keyX, y: keyTop - ch, width: keyWidth, height: ch, borderColor: INK, borderWidth: 0.8 });
  keyLine("relative atomic mass", keyTop - 11, 7.5);
  keyLine("atomic symbol", keyTop - 27, 11, fonts.bold);
  keyLine("name", keyTop - 39, 6.5);
  keyLine("atomic (proton) number", keyTop - 51, 7.5);
  const notesTop = cellTop(7) - ch - 16;
  PERIODIC_TABLE_NOTES.forEach((note, i) => page.drawText(note, { x: left, y: notesTop - i * 11, size: 8, font: fonts.regular, color: INK }));
}

/** The same facts as a table that may run over several pages, for the large-text paper. */
function periodicTableList(w: Writer) {
  w.newPage();
  w.paragraph([{ text: "The Periodic Table of the Elements", bold: true }], MARGIN.left, w.right - MARGIN.left, w.s.h2);
  w.paragraph([{ text: "Listed by atomic number (No.) with the relative atomic mass (Mass), the group (0 for the noble gases; the transition metals have none) and the period." }], MARGIN.left, w.right - MARGIN.left);
  const group = (column: number) => GROUP_LABELS[column] ?? "–";
  const rows = PERIODIC_TABLE.map((e) => `<tr><td>${e.z}</td><td><strong>${e.symbol}</strong></td><td>${e.name}</td><td>${e.mass}</td><td>${group(e.column)}</td><td>${e.period}</td></tr>`).join("");
  w.blocks(parseBlocks(`<table><thead><tr><th>No.</th><th>Symbol</th><th>Name</th><th>Mass</th><th>Group</th><th>Period</th></tr></thead><tbody>${rows}</tbody></table>`), MARGIN.left, w.right - MARGIN.left);
  for (const note of PERIODIC_TABLE_NOTES) w.paragraph([{ text: note, italic: true }], MARGIN.left, w.right - MARGIN.left, w.s.small);
}

function equationsSheet(w: Writer, sheet: (typeof EQUATION_SHEETS)[keyof typeof EQUATION_SHEETS]) {
  w.newPage();
  const x = MARGIN.left;
  const width = w.right - x;
  w.paragraph([{ text: sheet.title, bold: true }], x, width, w.s.h2);
  if (sheet.subtitle) w.paragraph([{ text: sheet.subtitle }], x, width);
  if (sheet.equations.some((e) => e.higher)) w.paragraph([{ text: HIGHER_TIER_KEY, italic: true }], x, width, w.s.small);
  w.y -= w.s.body * 0.5;
  // A symbol equation is never broken over lines: its spaces are no-break spaces, so its column is
  // as wide as the longest one. A Higher tier equation starts with HT, as on the board's sheet.
  const rows = sheet.equations.map((e, i) => `<tr><td>${i + 1}</td><td>${e.higher ? "<strong>HT</strong> " : ""}${e.words}</td><td>${e.symbols.replaceAll(" ", "\u00a0") || "–"}</td></tr>`).join("");
  w.blocks(parseBlocks(`<table><thead><tr><th></th><th>Word equation</th><th>Symbol equation</th></tr></thead><tbody>${rows}</tbody></table>`), x, width);
}

/** The paper's inserts, each from a new page. */
export function insertsPart(w: Writer, inserts: readonly Insert[], large: boolean) {
  for (const insert of inserts) {
    if (insert === "periodic-table") (large ? periodicTableList : periodicTablePage)(w);
    else equationsSheet(w, EQUATION_SHEETS[insert]);
  }
}
