// A predicted paper's last page: why these topics.
import type { PaperDocument } from "../../../shared/generation.ts";
import { MARGIN, type Writer } from "./writer.ts";

export function evidencePart(w: Writer, doc: PaperDocument) {
  const { s } = w;
  const evidence = doc.evidence!;
  const x = MARGIN.left;
  w.newPage();
  w.paragraph([{ text: "Why these topics", bold: true }], x, w.right - x, s.h2);
  w.paragraph([{ text: evidence.summary }], x, w.right - x);
  w.y -= s.body * 0.5;
  // Without a recorded history every weight is the same, so the page says what each topic covers instead.
  const withHistory = evidence.recorded > 0;
  const header = withHistory ? ["Topic", "Weight", "Examined", "Marks here", "Why"] : ["Topic", "Marks here", "What it covers"];
  const rows = evidence.topics.map((t) => ({
    header: false,
    cells: (withHistory
      ? [t.name, `${t.score}/100`, t.examined.length ? t.examined.join(", ") : "Not in the recorded past papers", `${t.marksOnPaper}`, t.reason]
      : [t.name, `${t.marksOnPaper}`, t.covers]).map((text, i) => [{ text, bold: i === 0 }]),
  }));
  w.table(
    { kind: "table", indent: 0, rows: [{ header: true, cells: header.map((text) => [{ text }]) }, ...rows] },
    x,
    w.right - x,
    Math.max(s.small, s.body * 0.85),
    // Room for the topic names and the reasons; the figures need little.
    withHistory ? [25, 15, 20, 13, 27] : [30, 14, 56],
  );
}
