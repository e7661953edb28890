// The cover: board, qualification, tier and paper, candidate boxes, time, materials, instructions and information.
import { type PaperDocument, TOPIC_BALANCED } from "../../../shared/generation.ts";
import { widthOfB } from "./fonts.ts";
import { INK, MARGIN, type Writer } from "./writer.ts";

const formatDuration = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} hour${h === 1 ? "" : "s"}` : "", m ? `${m} minutes` : ""].filter(Boolean).join(" ");
};

export function cover(w: Writer, doc: PaperDocument) {
  const { s, fonts } = w;
  const x = MARGIN.left;
  w.newPage();
  const firstPage = w.pages.length - 1;
  w.y -= s.h1;
  w.text(doc.examBoard, x, s.h1, fonts.bold);
  const kind = doc.kind === "predicted" ? (doc.evidence?.recorded === 0 ? TOPIC_BALANCED.label : "Predicted paper") : "Practice paper";
  const kindWidth = widthOfB(fonts.bold, kind, s.h3);
  w.text(kind, w.right - kindWidth, s.h3, fonts.bold);
  w.y -= s.h2 * 1.6;
  w.paragraph([{ text: `${doc.qualification} ${doc.title.toUpperCase()}`, bold: true }], x, w.right - x, s.h2);
  const tierLine = [doc.tier ? `${doc.tier} Tier` : "", doc.paperTitle].filter(Boolean).join("   ");
  w.paragraph([{ text: tierLine, bold: true }], x, w.right - x, s.h3);
  w.paragraph([{ text: `Paper code ${doc.code}${doc.tier ? doc.tier[0] : ""}` }], x, w.right - x, s.body);
  w.y -= s.body * 0.4;
  w.paragraph([{ text: doc.notice, italic: true }], x, w.right - x, s.small);
  w.y -= s.body * 0.2;
  w.rule();
  w.y -= s.body * 0.8;

  // Candidate boxes.
  const boxH = s.body * 1.9;
  for (const label of ["Surname", "Forename(s)", "Candidate signature"]) {
    w.ensure(boxH + 6);
    const labelWidth = widthOfB(fonts.regular, "Candidate signature", s.body) + 12;
    w.y -= boxH;
    w.page.drawRectangle({ x: x + labelWidth, y: w.y, width: w.right - x - labelWidth, height: boxH, borderColor: INK, borderWidth: 0.8 });
    const ty = w.y;
    w.y = ty + boxH / 2 - s.body / 3;
    w.text(label, x, s.body);
    w.y = ty - 6;
  }
  w.paragraph([{ text: "I declare this is my own work.", italic: true }], x, w.right - x, s.small);
  w.y -= s.body * 0.5;

  // The cover's lists in a slightly smaller size, as on the board's covers, so the cover is one page.
  const listSize = Math.max(s.small, s.body * 0.9);
  const section = (heading: string, lines: string[], bullets: boolean) => {
    w.y -= s.body * 0.3;
    w.paragraph([{ text: heading, bold: true }], x, w.right - x, s.h3);
    w.blocks(lines.map((l) => ({ kind: "para", runs: [{ text: l }], indent: bullets ? 1 : 0, bullet: bullets ? "•" : undefined })), x, w.right - x, listSize);
  };
  w.paragraph([{ text: `Time allowed: ${formatDuration(doc.timeMinutes)}`, bold: true }], x, w.right - x, s.h3);
  section("Materials", doc.materials, true);
  const instructions = [...doc.instructions];
  if (doc.options.includeTimeAllocation) instructions.push("The suggested time for each question is shown beside it.");
  section("Instructions", instructions, true);
  const information = [...doc.information];
  if (doc.spagMarks && !information.some((l) => /spelling/i.test(l))) information.push(`Up to ${doc.spagMarks} additional marks are awarded for spelling, punctuation, grammar and the use of specialist terminology.`);
  if (doc.options.includeMarkScheme) information.push("A mark scheme follows the questions.");
  if (doc.evidence) information.push("The last page explains why these topics were chosen.");
  section("Information", information, true);
  for (const page of w.pages.slice(firstPage)) w.coverPages.add(page);
}
