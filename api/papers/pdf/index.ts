// Renders a built paper (shared/generation.ts PaperDocument) as a PDF laid out like the board's
// paper: cover, numbered questions with marks at the right, answer lines sized to the marks, page
// numbers, 'Turn over', 'END OF QUESTIONS', then the mark scheme and, for predicted papers, the
// evidence page. Text is real, selectable text in embedded (subset) DejaVu fonts.
import { PDFDocument, type PDFFont, type PDFPage } from "pdf-lib";
import type { PaperDocument } from "../../../shared/generation.ts";
import { cover } from "./cover.ts";
import { evidencePart } from "./evidence.ts";
import { type FontName, loadFontBytes } from "../../fonts.ts";
import { cachingFontkit, widthOfB } from "./fonts.ts";
import { insertsPart } from "./inserts.ts";
import { markSchemePart } from "./mark-scheme.ts";
import { questionsPart } from "./questions.ts";
import { GREY, INK, MARGIN, sizesFor, Writer } from "./writer.ts";

export { boardLabel } from "./questions.ts";

function footers(w: Writer, doc: PaperDocument, lastQuestionPage: PDFPage) {
  const { s, fonts } = w;
  const size = s.small;
  const total = w.pages.length;
  w.pages.forEach((page, i) => {
    const number = `${i + 1}`;
    const pageWidth = page.getWidth();
    page.drawText(number, { x: (pageWidth - widthOfB(fonts.regular, number, size)) / 2, y: MARGIN.bottom / 2, size, font: fonts.regular, color: INK });
    const left = `${doc.examBoard} ${doc.code} · ExamPrep`;
    page.drawText(left, { x: MARGIN.left, y: MARGIN.bottom / 2, size, font: fonts.regular, color: GREY });
    const continues = w.coverPages.has(page) || (w.questionPages.has(page) && page !== lastQuestionPage);
    if (continues && i < total - 1) {
      const turn = "Turn over ►";
      page.drawText(turn, { x: pageWidth - MARGIN.right - widthOfB(fonts.bold, turn, size), y: MARGIN.bottom / 2, size, font: fonts.bold, color: INK });
    }
  });
}

/** The PDF of a built paper. */
export async function renderPaperPdf(doc: PaperDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(cachingFontkit);
  pdf.setTitle(doc.name);
  pdf.setAuthor("ExamPrep");
  pdf.setSubject(`${doc.examBoard} ${doc.qualification} ${doc.subject} ${doc.paperName}`);
  pdf.setCreator("ExamPrep");
  pdf.setProducer("ExamPrep");
  pdf.setCreationDate(new Date(doc.generatedAt));
  const bytes = loadFontBytes();
  const fonts = Object.fromEntries(
    await Promise.all(Object.entries(bytes).map(async ([k, b]) => [k, await pdf.embedFont(b, { subset: true })])),
  ) as Record<FontName, PDFFont>;
  const w = new Writer(pdf, fonts, sizesFor(doc.options.useLargeTextFormat));
  cover(w, doc);
  const lastQuestionPage = questionsPart(w, doc);
  if (doc.inserts?.length) insertsPart(w, doc.inserts, doc.options.useLargeTextFormat);
  if (doc.options.includeMarkScheme) markSchemePart(w, doc);
  if (doc.evidence) evidencePart(w, doc);
  footers(w, doc, lastQuestionPage);
  return pdf.save();
}

