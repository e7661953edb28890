// Checks bank files while they are written: deno run -A scripts/check-bank.ts api/papers/bank/*.json [--papers N]
import { readFileSync } from "node:fs";
import { bankProblems, PAPERS_PER_BANK } from "../api/papers/bank-check.ts";

const at = Deno.args.indexOf("--papers");
const papers = at >= 0 ? Number(Deno.args[at + 1]) : PAPERS_PER_BANK;
const paths = Deno.args.filter((_, i) => at < 0 || (i !== at && i !== at + 1));
let failed = false;
for (const path of paths) {
  const problems = bankProblems(JSON.parse(readFileSync(path, "utf8")), papers);
  if (problems.length) failed = true;
  console.log(problems.length ? `${path}:\n  ${problems.join("\n  ")}` : `${path}: ok (${papers} papers per tier)`);
}
if (failed) Deno.exit(1);
