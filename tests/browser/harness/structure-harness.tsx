// Test-only mount of the structure components (the catalogue's detail card hosts them in the app):
// the browser test bundles this file and loads it into an admin page. Not part of any build.
import { useState } from "react";
import { createRoot } from "react-dom/client";
import type { Paper } from "../../../shared/schemas.ts";
import { AnalyzeStructureDialog } from "../../../admin/src/papers/AnalyzeStructureDialog.tsx";
import { TopicsTab } from "../../../admin/src/papers/TopicsTab.tsx";

function Harness({ paper, show }: { paper: Paper; show: "topics" | "analyze" }) {
  const [open, setOpen] = useState(false);
  const [proposed, setProposed] = useState<string | null>(null);
  if (show === "topics") return <div className="card p-6"><TopicsTab paper={paper} /></div>;
  return (
    <div className="card p-6">
      <button type="button" className="btn-primary" onClick={() => setOpen(true)}>Analyze Structure with AI</button>
      <AnalyzeStructureDialog paper={paper} open={open} onClose={() => setOpen(false)} onProposed={setProposed} />
      {proposed && <pre data-testid="proposed" className="mt-4 whitespace-pre-wrap break-all text-xs">{proposed}</pre>}
    </div>
  );
}

const root = document.getElementById("harness-root")!;
const props = JSON.parse(root.dataset.props!) as { paper: Paper; show: "topics" | "analyze" };
createRoot(root).render(<Harness {...props} />);
