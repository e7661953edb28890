// Levels of response: the level descriptors and indicative content read from a mark scheme
// ("Level 3 (5–6 marks): …", "No relevant content (0 marks)", "Indicative content:" and its list).
import { htmlToText } from "./text.ts";

export interface LevelBand {
  level: number;
  marks: [number, number];
  descriptor: string;
}

const LEVEL = /Level\s+(\d+)\s*\(\s*(\d+)(?:\s*[–—-]\s*(\d+))?\s*marks?\s*\)\s*[:.]?\s*/gi;
const LEVEL_0 = /(?:Level\s+0\s*\(\s*0\s*marks?\s*\)|No\s+(?:relevant|creditworthy)\s+content\s*\(\s*0\s*marks?\s*\)|(?:^|\n)0\s+marks?\b)\s*[:.]?\s*([^\n]*)/i;
const INDICATIVE = /Indicative content|Students may include|may include (?:some of )?the following/i;

/** The descriptors, highest level first as printed; the indicative content's items. Empty when not levels-marked. */
export function parseLevels(markScheme: string): { levels: LevelBand[]; indicative: string[] } {
  const text = htmlToText(markScheme);
  const indicativeAt = text.search(INDICATIVE);
  const levelsText = indicativeAt >= 0 ? text.slice(0, indicativeAt) : text;
  const levels: LevelBand[] = [];
  const starts = [...levelsText.matchAll(LEVEL)];
  starts.forEach((m, i) => {
    const from = m.index! + m[0].length;
    let to = i + 1 < starts.length ? starts[i + 1].index! : levelsText.length;
    const zero = levelsText.slice(from, to).search(LEVEL_0);
    if (zero >= 0) to = from + zero;
    const low = Number(m[2]);
    const high = Number(m[3] ?? m[2]);
    levels.push({ level: Number(m[1]), marks: [low, high], descriptor: levelsText.slice(from, to).replace(/\s+/g, " ").trim() });
  });
  const zero = LEVEL_0.exec(levelsText);
  if (levels.length && zero && !levels.some((l) => l.level === 0)) {
    levels.push({ level: 0, marks: [0, 0], descriptor: zero[1].replace(/^[.:\s]+/, "").trim() || "No relevant content." });
  }
  levels.sort((a, b) => b.level - a.level);
  let indicative: string[] = [];
  if (indicativeAt >= 0) {
    const html = markScheme.slice(Math.max(0, markScheme.search(INDICATIVE)));
    indicative = [...html.matchAll(/<li>([\s\S]*?)<\/li>/gi)].map((m) => htmlToText(m[1])).filter(Boolean);
  }
  return { levels, indicative };
}

/** The band of a level, or undefined. */
export const bandOf = (levels: readonly LevelBand[], level: number) => levels.find((l) => l.level === level);
