// How a bank question's text is set on a paper: figure references renumbered to the paper's order,
// code numbered by line when the question names a line, and answers named without the letter of an
// option where the paper prints none. Pure functions of the text; the engine (generate.ts) calls them.
import { type OptionStyle, optionsLettered } from "../../shared/papers.ts";

/**
 * On a paper whose options carry no letters, a mark scheme or model answer that names the answer
 * by its letter ("D: Sodium chloride") names it by its text alone.
 */
export function withoutOptionLetter(html: string, options: readonly string[], style: OptionStyle): string {
  if (optionsLettered(style)) return html;
  return html.replace(/^(<p>)?(?:✓\s*)?(?:<strong>)?([A-D])(?:<\/strong>)?\s*[:.]?\s+/, (whole, p: string | undefined, letter: string) => {
    const option = options["ABCD".indexOf(letter)];
    const rest = html.slice(whole.length);
    return option && rest.startsWith(option) ? p ?? "" : whole;
  });
}

/** A question that names a line of its code ("line 4", "lines 3 to 5"). */
export const NAMES_A_LINE = /\blines?\s+\d+/i;

/** Every line of every code block numbered, right-aligned, as on the board's papers ("  1  x ← 0"). */
export function numberCodeLines(html: string): string {
  return html.replace(/<pre>([\s\S]*?)<\/pre>/g, (_, inner: string) => {
    const lines = inner.replace(/^(<code>)?\n+/, "$1").replace(/\n+(<\/code>)?$/, "$1").split("\n");
    const width = String(lines.length).length;
    return `<pre>${lines.map((l, i) => {
      const number = `${String(i + 1).padStart(width, " ")}  `;
      // The number goes inside a leading <code> so the line stays one run of code.
      return l.startsWith("<code>") ? `<code>${number}${l.slice(6)}` : number + l;
    }).join("\n")}</pre>`;
  });
}

/**
 * A question's own figure numbers ("Figure 1" is its first figure) moved on by `offset` to the
 * paper's numbering. Only numbers the question has are moved, in one pass, so 1→3 and 3→5 never chain.
 */
export function renumberFigures(html: string, offset: number, count: number): string {
  if (!offset || !count) return html;
  return html.replace(/\b(Figures?\s+)(\d+)((?:\s*(?:,|and|to|–|-)\s*\d+)*)/g, (_, word: string, first: string, rest: string) => {
    const move = (d: string) => (Number(d) >= 1 && Number(d) <= count ? String(Number(d) + offset) : d);
    return word + move(first) + rest.replace(/\d+/g, move);
  });
}
