// STAND-IN (issue 12): the structure branch owns the real Study Topics tab; at merge theirs replaces
// this file. It keeps the agreed props and lists the paper's topics (GET /api/papers/:id/topics).
import { useEffect, useState } from "react";
import type { Paper } from "../../../shared/schemas.ts";
import { call } from "../api.ts";

interface Topic {
  id: string;
  name: string;
  description: string;
}

export function TopicsTab({ paper }: { paper: Paper }) {
  const [topics, setTopics] = useState<Topic[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setTopics(null);
    call<Topic[]>(`/api/papers/${paper.id}/topics`).then(setTopics, () => setFailed(true));
  }, [paper.id]);
  if (failed) return <p role="alert" className="text-sm text-red-800">The study topics could not be loaded.</p>;
  if (!topics) return <p className="text-sm text-slate-600">Loading topics…</p>;
  if (!topics.length) return <p className="text-sm text-slate-600">No study topics for this paper yet.</p>;
  return (
    <ul className="space-y-3 text-sm">
      {topics.map((t) => (
        <li key={t.id}>
          <p className="font-semibold">{t.name}</p>
          <p className="text-slate-700">{t.description}</p>
        </li>
      ))}
    </ul>
  );
}
