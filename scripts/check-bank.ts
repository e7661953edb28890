// Checks bank files while they are written: deno run -A scripts/check-bank.ts api/papers/bank/*.json
import { readFileSync } from "node:fs";
import { bankProblems } from "../api/papers/bank-check.ts";

let failed = false;
for (const path of Deno.args) {
  const problems = bankProblems(JSON.parse(readFileSync(path, "utf8")));
  if (problems.length) failed = true;
  console.log(problems.length ? `${path}:\n  ${problems.join("\n  ")}` : `${path}: ok`);
}
if (failed) Deno.exit(1);
