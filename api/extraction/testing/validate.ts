// A session's validation phase (admin-tools.md §4: 85 or more passes): how complete the extraction
// is, whether its marks add up to the cover's maximum mark (or, without one, whether every part has
// marks), whether the question numbers run without a gap, and how confidently it was read. The
// overall score is the mean of these checks. And the recreation's validation report (§3).
import type { PaperExtraction } from "../extract.ts";
import { type RecreationResult, type SessionValidation, VALIDATION_PASS, type ValidationCheck, type ValidationReport } from "../../../shared/extraction-testing.ts";

const percent = (n: number, of: number) => (of ? Math.round((100 * n) / of) : 0);
/** A part has content when it has words to read (or options, or a table). */
export const hasContent = (q: PaperExtraction["questions"][number]) => q.text.length >= 12 || !!q.options?.length || !!q.table;

export function validateExtraction(ex: PaperExtraction): SessionValidation {
  const qs = ex.questions;
  const checks: ValidationCheck[] = [];
  const criticalErrors: string[] = [];
  const warnings: string[] = [];
  if (!qs.length) criticalErrors.push("No questions were extracted.");

  const complete = qs.filter((q) => q.marks !== null && hasContent(q)).length;
  checks.push({ name: "Completeness", score: percent(complete, qs.length), detail: `${complete} of ${qs.length} parts have their marks and their text.` });
  const noMarks = qs.filter((q) => q.marks === null).map((q) => q.number);
  if (noMarks.length) warnings.push(`No marks found for ${noMarks.join(", ")}.`);
  const noText = qs.filter((q) => !hasContent(q)).map((q) => q.number);
  if (noText.length) warnings.push(`Little or no text for ${noText.join(", ")}.`);

  const total = ex.statistics.totalMarks;
  const cover = ex.cover.totalMarks;
  if (cover) {
    const score = Math.max(0, Math.round(100 * (1 - Math.abs(total - cover) / cover)));
    checks.push({ name: "Marks", score, detail: `The parts' marks add up to ${total}; the cover's maximum mark is ${cover}.` });
    if (total !== cover) criticalErrors.push(`The marks add up to ${total}, not the cover's ${cover}.`);
  } else {
    checks.push({ name: "Marks", score: percent(qs.length - noMarks.length, qs.length), detail: `The cover states no maximum mark; ${qs.length - noMarks.length} of ${qs.length} parts have marks (${total} in all).` });
  }

  // Question numbers 1, 2, 3… with none skipped (a skipped one was most likely missed).
  const numbers = [...new Set(qs.map((q) => q.question))].sort((a, b) => a - b);
  const expected = numbers.length ? numbers.at(-1)! : 0;
  const missing = Array.from({ length: expected }, (_, i) => i + 1).filter((n) => !numbers.includes(n));
  checks.push({ name: "Numbering", score: percent(expected - missing.length, expected), detail: missing.length ? `Question${missing.length === 1 ? "" : "s"} ${missing.join(", ")} not found.` : `Questions 1 to ${expected}, none missing.` });
  if (missing.length) warnings.push(`Question${missing.length === 1 ? "" : "s"} ${missing.join(", ")} not found.`);

  checks.push({ name: "Confidence", score: Math.round(ex.statistics.averageConfidence * 100), detail: `${ex.statistics.bands.high} High, ${ex.statistics.bands.medium} Medium, ${ex.statistics.bands.low} Low.` });
  if (ex.statistics.bands.low) warnings.push(`${ex.statistics.bands.low} part${ex.statistics.bands.low === 1 ? " was" : "s were"} read with Low confidence.`);

  const overallScore = qs.length ? Math.round(checks.reduce((n, c) => n + c.score, 0) / checks.length) : 0;
  return { overallScore, passed: overallScore >= VALIDATION_PASS, checks, criticalErrors, warnings };
}

/** §3 Validation report: the extraction's completeness and the recreation's fidelity, together. */
export function validationReport(ex: PaperExtraction, recreation: RecreationResult | null): ValidationReport {
  const withContent = ex.questions.filter(hasContent).length;
  const dataCompleteness = percent(ex.questions.filter((q) => q.marks !== null && hasContent(q)).length, ex.questions.length);
  const recreationFidelity = recreation ? recreation.accuracy.accuracyScore : null;
  const overallScore = recreationFidelity === null ? dataCompleteness : Math.round((dataCompleteness + recreationFidelity) / 2);
  const session = validateExtraction(ex);
  const criticalErrors = [...session.criticalErrors, ...(recreation && !recreation.success ? recreation.errors : [])];
  const warnings = [...session.warnings, ...(recreation ? recreation.warnings : ["The paper has not been recreated yet."])];
  return {
    validation: { dataCompleteness, recreationFidelity, overallScore },
    extraction: { questionsExtracted: ex.questions.length, diagramsExtracted: ex.questions.filter((q) => q.table).length, questionsWithContent: withContent, diagramsWithImages: 0 },
    recreation: { success: recreation?.success ?? false, errors: recreation?.errors ?? [], warnings: recreation?.warnings ?? [] },
    result: { overallScore, passed: overallScore >= VALIDATION_PASS, criticalErrors, warnings },
  };
}
