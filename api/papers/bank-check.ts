// The checks every bank file must pass, beyond its schema: used by the bank test and by
// `deno run -A scripts/check-bank.ts FILE [PAPERS]` while a bank is being written.
import { allSlots, type BankFile, bankFileSchema, fitsSlot, fitsTier, matchSlots, type Tier } from "../../shared/papers.ts";
import { fingerprint, paperBadness, paperProblems, questionProblems, repairPaper } from "./rules.ts";
import { bankQuestionsFor, loadBanks } from "./bank.ts";

/**
 * How many complete papers per tier each bank must be able to fill with no question repeated
 * across them, every one keeping its blueprint's rules with no near-duplicate pair in it (issue 14).
 */
export const PAPERS_PER_BANK = 5;

/** Problems with a bank file, empty when it is good. */
/**
 * `banks`: the bank files a paper that draws from others (Combined Science) takes its tagged
 * questions from; they are checked with this paper's rules too.
 */
export function bankProblems(raw: unknown, papers = PAPERS_PER_BANK, banks: readonly BankFile[] = loadBanks()): string[] {
  const parsed = bankFileSchema.safeParse(raw);
  if (!parsed.success) {
    return parsed.error.issues.slice(0, 40).map((i) => `${i.path.join(".")}: ${i.message}`);
  }
  const own = parsed.data;
  const missing = own.blueprint.drawsFrom.filter((code) => !banks.some((b) => b.blueprint.code === code));
  if (missing.length) return [`draws from ${missing.join(", ")}, which no bank file is`];
  const file = { ...own, questions: bankQuestionsFor(own, banks) };
  const known = new Set([...banks, own].flatMap((b) => b.questions.map((q) => q.id)));
  return [
    ...own.questions.flatMap((q) => (q.notWith ?? []).filter((id) => !known.has(id)).map((id) => `${q.id}: notWith names ${id}, which no bank has`)),
    ...file.blueprint.topics.filter((topic) => !file.questions.some((q) => q.topic === topic.id)).map((topic) => `topic ${topic.id} has no question`),
    ...file.questions.flatMap((q) => questionProblems(q, file.blueprint.rules)),
    ...fillProblems(file, papers),
  ];
}

/**
 * Fills `papers` papers per tier at once (one matching over that many copies of the slots, so a
 * paper is short only when no assignment could fill them all), then repairs each with the questions
 * no paper took, as the generator does, and reports what a paper still lacks.
 */
function fillProblems(file: BankFile, papers: number): string[] {
  const { blueprint: bp, questions } = file;
  const problems: string[] = [];
  const tiers: (Tier | undefined)[] = bp.tiers.length ? bp.tiers : [undefined];
  const slots = allSlots(bp);
  for (const tier of tiers) {
    const label = tier ? `${tier} tier: ` : "";
    const pool = questions.filter((q) => fitsTier(q, tier));
    const copies = Array.from({ length: papers }, () => slots).flat();
    const filled = matchSlots(copies, pool, (q, slot) => fitsSlot(q, slot, tier));
    const empty = copies.flatMap((slot, i) => (filled[i] === -1 ? [slot] : []));
    if (empty.length) {
      const need = new Map<string, number>();
      for (const s of empty) {
        const key = `question ${s.question}: ${s.marks} marks, topics [${s.topics.join(", ")}]${s.style ? `, style ${s.style}` : ""}`;
        need.set(key, (need.get(key) ?? 0) + 1);
      }
      problems.push(`${label}cannot fill ${papers} papers without repeats; short of questions for: ${[...need].map(([k, n]) => `${k} (${n} short)`).join("; ")}`);
      continue;
    }
    const prints = pool.map(fingerprint);
    const fits = (q: (typeof pool)[number], slot: (typeof slots)[number]) => fitsSlot(q, slot, tier);
    const paperOf = (k: number) => filled.slice(k * slots.length, (k + 1) * slots.length);
    const setPaper = (k: number, picks: number[]) => picks.forEach((c, s) => (filled[k * slots.length + s] = c));
    // Each paper first swaps with the questions no paper took, as the generator would…
    for (let k = 0; k < papers; k++) {
      const taken = new Set(filled);
      const own = paperOf(k);
      const allowed = pool.map((_, c) => c).filter((c) => own.includes(c) || !taken.has(c));
      const local = own.map((c) => allowed.indexOf(c));
      repairPaper(slots, local, allowed.map((c) => pool[c]), fits, bp.rules, allowed.map((c) => prints[c]));
      setPaper(k, local.map((c) => allowed[c]));
    }
    // …then papers trade questions of the same slot while that leaves them nearer their rules, so
    // that one paper holding every figure question does not leave another without any.
    const badness = (k: number) => paperBadness(bp.rules, pool, paperOf(k), prints);
    for (let round = 0; round < 4; round++) {
      let improved = false;
      for (let k = 0; k < papers; k++) {
        for (let j = 0; j < papers && badness(k) > 0; j++) {
          if (j === k) continue;
          for (let s = 0; s < slots.length && badness(k) > 0; s++) {
            const before = badness(k) + badness(j);
            const a = k * slots.length + s;
            const b = j * slots.length + s;
            [filled[a], filled[b]] = [filled[b], filled[a]];
            if (badness(k) + badness(j) < before) improved = true;
            else [filled[a], filled[b]] = [filled[b], filled[a]];
          }
        }
      }
      if (!improved) break;
    }
    for (let k = 0; k < papers; k++) {
      const lacking = paperProblems(bp.rules, pool, paperOf(k), prints);
      if (lacking.length) problems.push(`${label}paper ${k + 1} of ${papers}: ${lacking.join("; ")}`);
    }
  }
  return problems;
}
