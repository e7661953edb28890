// Bank parts as a generated paper carries them (DocPart), for the marker's tests: by question id and
// part index, or every part of every bank.
import type { DocPart } from "../../../shared/generation.ts";
import type { OptionStyle, Part } from "../../../shared/papers.ts";
import { loadBanks } from "../../papers/bank.ts";
import { defaultAnswerLines } from "../../papers/generate.ts";
import { withoutOptionLetter } from "../../papers/question-text.ts";

export interface BankPart {
  /** "bio1-001#2": the question's id and the part's index. */
  id: string;
  part: DocPart;
  optionStyle: OptionStyle;
}

function docPart(p: Part, number: string, style: OptionStyle = "lettered-boxes"): DocPart {
  return {
    number,
    marks: p.marks,
    content: p.content,
    ...(p.options ? { options: p.options } : {}),
    answerLines: defaultAnswerLines(p),
    markScheme: p.options ? withoutOptionLetter(p.markScheme, p.options, style) : p.markScheme,
    modelAnswer: p.options ? withoutOptionLetter(p.modelAnswer, p.options, style) : p.modelAnswer,
  };
}

let all: BankPart[] | undefined;
/** Every part of every bank, with the scheme as its own paper's option style prints it. */
export function allBankParts(): BankPart[] {
  all ??= loadBanks().flatMap((bank) =>
    bank.questions.flatMap((q) =>
      q.parts.map((p, i) => ({ id: `${q.id}#${i}`, part: docPart(p, `${i + 1}`, bank.blueprint.optionStyle), optionStyle: bank.blueprint.optionStyle }))
    )
  );
  return all;
}

/** One bank part by question id and part index (0-based), its scheme as a paper of `style` prints it. */
export function bankPart(questionId: string, index: number, style?: OptionStyle): DocPart {
  for (const bank of loadBanks()) {
    const q = bank.questions.find((x) => x.id === questionId);
    if (!q) continue;
    const p = q.parts[index];
    if (!p) throw new Error(`${questionId} has no part ${index}`);
    return docPart(p, `${index + 1}`, style ?? bank.blueprint.optionStyle);
  }
  throw new Error(`No bank question ${questionId}`);
}
