// A table to fill in: the part's own HTML with an input in each blank cell of its table, the values
// kept in reading order (row by row, left to right). Each input is named by its row's first cell and
// its column's heading, as a screen reader user would find it on paper.
import { useMemo } from "react";
import { ApiHtml } from "../../components/ui/ApiHtml.tsx";
import { CELL_MAX_CHARS } from "../../../shared/sittings.ts";

interface Cell {
  header: boolean;
  html: string;
  text: string;
  blank: boolean;
  colSpan: number;
  rowSpan: number;
}

interface SplitTables {
  /** The part's HTML between the tables: one more piece than there are tables. */
  between: string[];
  tables: Cell[][][];
}

const SLOT = /<!--answer-table-->/;

/**
 * The part's HTML around its tables, and each table's cells; null when it has none. A blank cell is
 * an empty <td>, as the marker counts them (api/sittings/marking: blankCells).
 */
export function splitTables(html: string): SplitTables | null {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const found = [...doc.querySelectorAll("table")];
  if (!found.length) return null;
  const tables = found.map((table) => {
    const rows = [...table.rows].map((row) =>
      [...row.cells].map((cell) => ({
        header: cell.tagName === "TH",
        html: cell.innerHTML,
        text: cell.textContent?.replace(/\u00a0/g, " ").trim() ?? "",
        blank: cell.tagName === "TD" && cell.innerHTML.trim() === "",
        colSpan: cell.colSpan,
        rowSpan: cell.rowSpan,
      }))
    );
    table.replaceWith(doc.createComment("answer-table"));
    return rows;
  });
  return { between: doc.body.innerHTML.split(SLOT), tables };
}

/** The name of the blank cell at (row, column): its row's first cell and its column's heading. */
function cellName(rows: Cell[][], r: number, c: number, index: number): string {
  const rowName = rows[r][0] && !rows[r][0].blank && c > 0 ? rows[r][0].text : "";
  const heading = r > 0 ? rows[0][c]?.text ?? "" : "";
  return [rowName, heading].filter(Boolean).join(", ") || `Cell ${index + 1}`;
}

interface TableAnswerProps {
  html: string;
  cells: number;
  value: string[];
  onChange: (value: string[]) => void;
  partNumber: string;
}

export function TableAnswer({ html, cells, value, onChange, partNumber }: TableAnswerProps) {
  const split = useMemo(() => splitTables(html), [html]);
  const blanks = split ? split.tables.flat(2).filter((c) => c.blank).length : 0;
  const values = Array.from({ length: cells }, (_, i) => value[i] ?? "");
  const set = (i: number, v: string) => onChange(values.map((old, j) => (j === i ? v : old)));
  const input = (i: number, name: string) => (
    <input
      type="text"
      autoComplete="off"
      maxLength={CELL_MAX_CHARS}
      value={values[i]}
      onChange={(e) => set(i, e.target.value)}
      aria-label={`${partNumber}: ${name}`}
      className="w-full min-w-20 rounded border border-slate-400 px-2 py-1 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
      data-testid="answer-cell"
    />
  );

  // The table's blank cells are the answer's cells; should they not match, the table is shown as
  // printed and the cells are listed under it, so no answer is ever lost.
  if (!split || blanks !== cells) {
    return (
      <div data-testid="answer-table">
        <ApiHtml html={html} />
        <ol className="mt-3 grid gap-2 sm:grid-cols-2">
          {values.map((_, i) => <li key={i}>{input(i, `Cell ${i + 1}`)}</li>)}
        </ol>
      </div>
    );
  }

  let index = 0;
  return (
    <div className="paper-html" data-testid="answer-table">
      {split.tables.map((rows, t) => (
        <div key={t}>
          {split.between[t] && <div dangerouslySetInnerHTML={{ __html: split.between[t] }} />}
          <table>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => {
                    const span = { colSpan: cell.colSpan > 1 ? cell.colSpan : undefined, rowSpan: cell.rowSpan > 1 ? cell.rowSpan : undefined };
                    if (cell.header) return <th key={c} {...span} dangerouslySetInnerHTML={{ __html: cell.html }} />;
                    if (!cell.blank) return <td key={c} {...span} dangerouslySetInnerHTML={{ __html: cell.html }} />;
                    const i = index++;
                    return <td key={c} {...span} className="!p-1">{input(i, cellName(rows, r, c, i))}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      {split.between.at(-1) && <div dangerouslySetInnerHTML={{ __html: split.between.at(-1)! }} />}
    </div>
  );
}
