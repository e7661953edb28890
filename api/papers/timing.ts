// Suggested minutes per question (the generator's includeTimeAllocation): shared out in proportion
// to marks by the largest-remainder method, so the minutes add up to the paper's time and never
// more (rounding each question on its own gave 108 minutes on a 105-minute paper).

/** Whole minutes for each of `marks`, in proportion, summing to exactly `minutes` (each at least 1 while the time allows). */
export function shareMinutes(marks: readonly number[], minutes: number): number[] {
  const total = marks.reduce((a, b) => a + b, 0);
  if (!marks.length || total <= 0) return marks.map(() => 0);
  const exact = marks.map((m) => (minutes * m) / total);
  const shares = exact.map(Math.floor);
  let left = minutes - shares.reduce((a, b) => a + b, 0);
  // Questions that would get nothing come first, then the largest fractions.
  const order = exact.map((_, i) => i).sort((a, b) => (shares[a] === 0 ? 0 : 1) - (shares[b] === 0 ? 0 : 1) || (exact[b] - shares[b]) - (exact[a] - shares[a]) || a - b);
  for (const i of order) {
    if (left <= 0) break;
    shares[i]++;
    left--;
  }
  return shares;
}

/**
 * Minutes for every question of a paper, section by section. With a choice of sections (answer
 * `answerSections` of them), each section gets an equal share of the time, so the sections a
 * candidate answers never add up to more than the paper's time.
 */
export function suggestedMinutes(sections: readonly (readonly number[])[], timeMinutes: number, answerSections?: number): number[][] {
  if (answerSections) {
    const perSection = Math.floor(timeMinutes / answerSections);
    return sections.map((marks) => shareMinutes(marks, perSection));
  }
  const flat = shareMinutes(sections.flat(), timeMinutes);
  let k = 0;
  return sections.map((marks) => marks.map(() => flat[k++]));
}
