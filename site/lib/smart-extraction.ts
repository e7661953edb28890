// §7 POST /api/extract/smart from the page: the PDF as multipart (its `file` field), the server's real
// progress followed as Server-Sent Events in the format paper generation uses (readSse).
import type { SmartExtractionResult, SmartExtractionStep } from "../../shared/smart-extraction.ts";
import { apiErrorMessage, readSse } from "./api.ts";

/** An extraction the server refused or could not finish: its HTTP status and message (§8). */
export class ExtractionError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = "ExtractionError";
  }
}

/**
 * Extracts the paper (with its mark scheme's answers, when given one), calling onStep for each step
 * the server reports; the result, or an ExtractionError.
 */
export async function streamExtraction(
  { paper, markScheme }: { paper: File; markScheme: File | null },
  onStep: (step: SmartExtractionStep) => void,
  signal?: AbortSignal,
): Promise<SmartExtractionResult> {
  const form = new FormData();
  form.set("file", paper, paper.name);
  if (markScheme) form.set("markScheme", markScheme, markScheme.name);
  const res = await fetch("/api/extract/smart", { method: "POST", credentials: "include", headers: { Accept: "text/event-stream" }, body: form, signal });
  if (!res.ok) throw new ExtractionError(res.status, await apiErrorMessage(res));
  if (!res.headers.get("content-type")?.includes("text/event-stream") || !res.body) return (await res.json()) as SmartExtractionResult;
  for await (const { event, data } of readSse(res.body)) {
    const body = JSON.parse(data) as Record<string, unknown>;
    if (event === "step") onStep({ step: String(body.step), progress: Number(body.progress) || 0 });
    else if (event === "done") return body as unknown as SmartExtractionResult;
    else if (event === "error") throw new ExtractionError(Number(body.status) || 500, typeof body.message === "string" ? body.message : "");
  }
  throw new ExtractionError(0, "The connection closed before the extraction finished. Please try again.");
}
