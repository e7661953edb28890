// §7 POST /api/extract/smart: any signed-in user extracts an exam-paper PDF (multipart, its `file`
// field; its mark scheme in `markScheme`, optionally, to match the answers by number). The page follows the real progress as Server-Sent Events, in the format paper generation
// uses (step events, then done or error); any other client gets the result as JSON. The upload is
// read in memory for this extraction only: never stored in the database or written to disk.
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../context.ts";
import { HttpError, jsonError } from "../http.ts";
import { requireSignIn } from "../auth/guards.ts";
import { RateLimiter } from "../auth/rate-limit.ts";
import { currentLog } from "../log.ts";
import { isPdf } from "../documents/service.ts";
import { SMART_EXTRACTION_MAX_BYTES, SMART_EXTRACTION_MESSAGES, SMART_EXTRACTIONS_AT_ONCE, SMART_EXTRACTIONS_PER_HOUR } from "../../shared/smart-extraction.ts";
import { checkedPageCount, smartExtract, type UploadedPdf } from "./smart.ts";
import { modelClient } from "../ai/client.ts";

const noStore = { "Cache-Control": "private, no-store" };

/** The message of a failure the user cannot fix by changing the file. */
const FAILED = "The PDF could not be extracted. Please try again.";

/** A form field's PDF, checked (§5): 400 with the spec's message for anything else. */
async function pdfField(value: FormDataEntryValue | null): Promise<UploadedPdf> {
  if (!(value instanceof File) || !value.size) throw new HttpError(400, SMART_EXTRACTION_MESSAGES.invalidType);
  if (value.size > SMART_EXTRACTION_MAX_BYTES) throw new HttpError(413, SMART_EXTRACTION_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await value.arrayBuffer());
  // The bytes decide, never the name or the declared type.
  if (!isPdf(bytes)) throw new HttpError(400, SMART_EXTRACTION_MESSAGES.invalidType);
  return { name: value.name.slice(0, 255) || "document.pdf", bytes, pages: await checkedPageCount(bytes) };
}

/** The paper (`file`) and, optionally, its mark scheme (`markScheme`), both PDFs. */
async function uploadedPdfs(req: Request): Promise<{ paper: UploadedPdf; markScheme: UploadedPdf | null }> {
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw new HttpError(400, SMART_EXTRACTION_MESSAGES.invalidType);
  }
  const paper = await pdfField(form.get("file"));
  const scheme = form.get("markScheme");
  // A form's empty file input arrives as a nameless empty file: no mark scheme.
  const markScheme = scheme === null || (scheme instanceof File && !scheme.size && !scheme.name) ? null : await pdfField(scheme);
  return { paper, markScheme };
}

export function smartExtractionRoutes() {
  const perAccount = new RateLimiter(SMART_EXTRACTIONS_PER_HOUR, 60 * 60_000);
  // One extraction at a time per account, and a few at once in all: each may hold a core for minutes of OCR.
  const running = new Set<number>();
  return new Hono<AppEnv>().post("/extract/smart", requireSignIn, async (c) => {
    const userId = c.var.user!.id;
    const key = String(userId);
    const wait = perAccount.retryAfter(key);
    if (wait) {
      c.header("Retry-After", String(wait));
      return jsonError(c, 429, SMART_EXTRACTION_MESSAGES.tooMany(wait), { retryAfter: wait });
    }
    if (running.has(userId)) return jsonError(c, 429, SMART_EXTRACTION_MESSAGES.alreadyRunning);
    if (running.size >= SMART_EXTRACTIONS_AT_ONCE) {
      c.header("Retry-After", "60");
      return jsonError(c, 503, SMART_EXTRACTION_MESSAGES.busy);
    }
    const upload = { ...await uploadedPdfs(c.req.raw), model: modelClient(c.var.deps.env) };
    perAccount.hit(key);
    running.add(userId);
    const failure = (err: unknown) => {
      if (err instanceof HttpError) return { status: err.status, message: err.message };
      currentLog().error("smart extraction failed", { error: err });
      return { status: 500, message: FAILED };
    };
    if (!c.req.header("accept")?.includes("text/event-stream")) {
      try {
        return c.json(await smartExtract(upload), 200, noStore);
      } catch (err) {
        const { status, message } = failure(err);
        return c.json({ success: false, error: message, message }, status as 400 | 500, noStore);
      } finally {
        running.delete(userId);
      }
    }
    const res = streamSSE(c, async (stream) => {
      let gone = false;
      stream.onAbort(() => {
        gone = true;
      });
      try {
        const result = await smartExtract(upload, (step) => {
          // The browser went away: stop before the next page rather than read it for nobody.
          if (gone) throw new Error("client disconnected");
          void stream.writeSSE({ event: "step", data: JSON.stringify(step) });
        });
        await stream.writeSSE({ event: "done", data: JSON.stringify(result) });
      } catch (err) {
        if (!gone) await stream.writeSSE({ event: "error", data: JSON.stringify(failure(err)) });
      } finally {
        running.delete(userId);
      }
    });
    res.headers.set("Cache-Control", "private, no-store");
    return res;
  });
}
