// The model's part in extraction (issue 13): with a model configured, it may tidy the text of a page
// the local pass read with Low confidence (words split by the reading, characters misread, answer-space
// debris), and must not invent, rephrase or drop a question. Its answer is checked against the local
// pass, question by question, before any of it is used. The testing dashboard logs its calls as AI
// interactions (testing/model-calls.ts); an admin's extraction of a document logs them to the log.
import { z } from "zod";
import { completeStructured, type ModelClient } from "../ai/client.ts";
import { confidenceBand, type ExtractedQuestion, type PaperExtraction } from "./extract.ts";
import { inOrderShare } from "./accuracy.ts";

export const TIDY_SYSTEM = "You tidy the text of exam questions read from a PDF page by a machine: join words split by the reading, " +
  "fix characters the reading got wrong and remove stray answer-space debris. Keep every question, in the same order, with the same " +
  "number and marks. Do not add, drop, merge, split or reword questions: the words must stay the examiner's.";
export const tidySchema = z.object({ questions: z.array(z.object({ number: z.string(), marks: z.number().nullable(), text: z.string() })) });

const letters = (s: string) => [...s.toLowerCase().replace(/\s+/g, "")];
/** The share of `a`'s letters (spaces aside) found in `b` in order. */
const letterRecall = (a: string, b: string) => inOrderShare(letters(a), letters(b));

/** Why a tidied page may not replace the local pass's reading of it; empty when it may. */
export function tidyProblems(local: readonly Pick<ExtractedQuestion, "number" | "marks" | "text">[], tidied: readonly { number: string; marks: number | null; text: string }[]): string[] {
  const problems: string[] = [];
  const localNumbers = new Set(local.map((q) => q.number));
  const tidiedNumbers = new Set(tidied.map((q) => q.number));
  for (const q of tidied) if (!localNumbers.has(q.number)) problems.push(`It invents question ${q.number}, which the page does not have.`);
  for (const q of local) if (!tidiedNumbers.has(q.number)) problems.push(`It drops question ${q.number}.`);
  if (problems.length) return problems;
  if (tidied.length !== local.length || tidied.some((q, i) => q.number !== local[i].number)) return ["It changes the questions' order or repeats one."];
  tidied.forEach((q, i) => {
    const mine = local[i];
    if (q.marks !== mine.marks) problems.push(`It changes question ${q.number}'s marks from ${mine.marks ?? "none"} to ${q.marks ?? "none"}.`);
    // Tidying keeps the words: letter for letter (spacing aside, so a split word may be joined),
    // nearly all the local text stays and hardly anything new comes in.
    if (letterRecall(mine.text, q.text) < 0.9 || letterRecall(q.text, mine.text) < 0.9) problems.push(`It rewords question ${q.number}.`);
  });
  return problems;
}


/** The page's questions as the model is given them, and the prompt that gives them. */
export function tidyPrompt(page: number, questions: readonly ExtractedQuestion[]) {
  const local = questions.map((q) => ({ number: q.number, marks: q.marks, text: q.text }));
  return { local, prompt: `Page ${page}'s questions as read (JSON):\n${JSON.stringify({ questions: local }, null, 1)}` };
}

/** The pages holding a part read with Low confidence: the ones worth a model's tidying. */
export const lowConfidencePages = (ex: PaperExtraction) => [...new Set(ex.questions.filter((q) => confidenceBand(q.confidence) === "Low").map((q) => q.page))];

export interface TidyOutcome {
  page: number;
  used: boolean;
  /** Why the model's answer was refused (or the call failed); empty when it was used. */
  problems: string[];
}

/**
 * Asks the model to tidy each Low-confidence page and puts the text of every answer that passes the
 * checks into the extraction (in place); a refused or failed answer leaves the local reading.
 */
export async function tidyLowConfidencePages(mc: ModelClient, ex: PaperExtraction): Promise<TidyOutcome[]> {
  const outcomes: TidyOutcome[] = [];
  for (const page of lowConfidencePages(ex)) {
    const onPage = ex.questions.filter((q) => q.page === page);
    const { local, prompt } = tidyPrompt(page, onPage);
    try {
      const answer = await completeStructured(mc, "page_questions", tidySchema, TIDY_SYSTEM, prompt);
      const problems = tidyProblems(local, answer.questions);
      if (!problems.length) onPage.forEach((q, k) => (q.text = answer.questions[k].text));
      outcomes.push({ page, used: !problems.length, problems });
    } catch (error) {
      outcomes.push({ page, used: false, problems: [`The call failed: ${error instanceof Error ? error.message : String(error)}`] });
    }
  }
  return outcomes;
}
