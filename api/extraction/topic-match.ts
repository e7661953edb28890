// The topic an extracted question is most likely on, offline: TF-IDF over the paper's topics. Each
// topic is a document of its name (counted twice: it is the strongest statement of what it covers)
// and its description; a word shared by many topics ("cells") weighs little, a word only one topic
// names ("amylase") a lot. The question (its stem, parts, options and mark scheme) is scored against
// each topic by cosine similarity, and the suggestion names the words that decided it, so the admin
// can see why. The admin decides; nothing is published on a suggestion alone.
import type { Topic } from "../../shared/papers.ts";

export interface TopicSuggestion {
  /** The best topic's id, or null when no word of the question names any topic. */
  topic: string | null;
  /** 0–1 cosine similarity of the best topic. */
  score: number;
  /** The shared words that weighed most, best first. */
  words: string[];
  reason: string;
}

const STOP = new Set(
  ("the and for are but not you your with this that from have has had was were will can may its into their them they than then there these those " +
    "which what when where who why how each one two three four five six give state name describe explain suggest calculate complete use using used " +
    "show shows shown table figure answer marks mark question student students following other also more most some any all only such about between " +
    "does did done per out over under after before being been both many much very own same").split(" "),
);

/** A word's stem: lower-case, with the commonest English endings taken off, so "enzymes" meets "enzyme". */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 5 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && /(ing|ed)$/.test(w)) w = w.replace(/(ing|ed)$/, "");
  else if (w.length > 4 && w.endsWith("es") && /(ss|sh|ch|x)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  return w;
}

/** The counted stems of a text, without short and common words. */
export function terms(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const raw of text.toLowerCase().match(/[a-z][a-z-]*[a-z]/g) ?? []) {
    for (const piece of raw.split("-")) {
      if (piece.length < 3 || STOP.has(piece)) continue;
      const s = stem(piece);
      counts.set(s, (counts.get(s) ?? 0) + 1);
    }
  }
  return counts;
}

type Topical = Pick<Topic, "id" | "name" | "description">;

/** Scores a question's text against the topics and names the best, with the words that decided it. */
export function suggestTopic(text: string, topics: readonly Topical[]): TopicSuggestion {
  if (!topics.length) return { topic: null, score: 0, words: [], reason: "The paper has no topics yet: add study topics to tag its questions." };
  const docs = topics.map((t) => terms(`${t.name} ${t.name} ${t.description}`));
  const df = new Map<string, number>();
  for (const d of docs) for (const w of d.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w: string) => Math.log(1 + topics.length / (df.get(w) ?? topics.length));
  const weigh = (counts: Map<string, number>) => new Map([...counts].filter(([w]) => df.has(w)).map(([w, n]) => [w, (1 + Math.log(n)) * idf(w)]));
  const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((a, x) => a + x * x, 0)) || 1;
  const q = weigh(terms(text));
  const qNorm = norm(q);
  let best = { index: -1, score: 0, words: [] as string[] };
  docs.forEach((d, i) => {
    const t = weigh(d);
    const contributions = [...q].filter(([w]) => t.has(w)).map(([w, x]) => [w, x * t.get(w)!] as const);
    const score = contributions.reduce((a, [, c]) => a + c, 0) / (qNorm * norm(t));
    if (score > best.score) best = { index: i, score, words: contributions.sort((a, b) => b[1] - a[1]).slice(0, 5).map(([w]) => w) };
  });
  if (best.index < 0) return { topic: null, score: 0, words: [], reason: "No word of the question names one of the paper's topics: choose its topic." };
  const topic = topics[best.index];
  const score = Math.round(best.score * 100) / 100;
  return { topic: topic.id, score, words: best.words, reason: `Suggested ${topic.name} (similarity ${score.toFixed(2)}): the question shares ${best.words.map((w) => `“${w}”`).join(", ")} with it.` };
}
