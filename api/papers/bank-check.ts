// The checks every bank file must pass, beyond its schema: used by the bank test and by
// `deno run -A scripts/check-bank.ts FILE` while a bank is being written.
import { allSlots, type BankFile, bankFileSchema, fitsSlot, matchSlots, type Tier } from "../../shared/papers.ts";

/** How many complete papers, with no question repeated across them, each bank must be able to fill. */
export const PAPERS_PER_BANK = 3;

/** Problems with a bank file, empty when it is good. */
export function bankProblems(raw: unknown): string[] {
  const parsed = bankFileSchema.safeParse(raw);
  if (!parsed.success) {
    return parsed.error.issues.slice(0, 40).map((i) => `${i.path.join(".")}: ${i.message}`);
  }
  return fillProblems(parsed.data);
}

function fillProblems(file: BankFile): string[] {
  const { blueprint: bp, questions } = file;
  const problems: string[] = [];
  for (const topic of bp.topics) {
    if (!questions.some((q) => q.topic === topic.id)) problems.push(`topic ${topic.id} has no question`);
  }
  const tiers: (Tier | undefined)[] = bp.tiers.length ? bp.tiers : [undefined];
  const slots = allSlots(bp);
  for (const tier of tiers) {
    // One matching over N copies of the slots: N complete papers that share no question.
    const copies = Array.from({ length: PAPERS_PER_BANK }, () => slots).flat();
    const filled = matchSlots(copies, questions, (q, slot) => fitsSlot(q, slot, tier));
    const empty = copies.flatMap((slot, i) => (filled[i] === -1 ? [slot] : []));
    if (empty.length) {
      const need = new Map<string, number>();
      for (const s of empty) {
        const key = `question ${s.question}: ${s.marks} marks, topics [${s.topics.join(", ")}]${s.style ? `, style ${s.style}` : ""}`;
        need.set(key, (need.get(key) ?? 0) + 1);
      }
      problems.push(
        `${tier ? `${tier} tier: ` : ""}cannot fill ${PAPERS_PER_BANK} papers without repeats; short of questions for: ` +
          [...need].map(([k, n]) => `${k} (${n} short)`).join("; "),
      );
    }
  }
  return problems;
}
