// The words of the public catalogue pages: titles and descriptions for search results and share
// cards, one source for the pages, the share images and the tests.
import { type PaperPage, shortPaperName, type SubjectPage } from "../../../api/catalogue/pages.ts";
import { formatMinutes } from "../../../shared/format.ts";

export const paperTitle = (p: PaperPage) => `${p.heading}${p.code ? ` (${p.code})` : ""} practice papers and mark schemes`;

export function paperDescription(p: PaperPage): string {
  const facts = [
    p.tiers.length ? `${p.tiers.join(" and ")} tiers` : "",
    p.timeMinutes ? formatMinutes(p.timeMinutes) : "",
    p.totalMarks ? `${p.totalMarks} marks` : "",
  ].filter(Boolean).join(", ");
  return `Practise ${p.heading}${p.code ? ` (${p.code})` : ""}${facts ? `: ${facts}` : ""}. The topics it examines, free sample questions with mark schemes, and full practice papers as PDFs.`;
}

export const subjectTitle = (s: SubjectPage) => `${s.level} ${s.subject} practice papers by exam board`;

export function subjectDescription(s: SubjectPage): string {
  const boards = s.boards.map((b) => `${b.examBoard} (${b.papers.map((p) => shortPaperName(p.name)).join(", ")})`).join("; ");
  return `${s.level} ${s.subject} practice papers in the format of your exam board, with mark schemes: ${boards}.`;
}
