// The site's calls to the API (§7): cookies always sent, JSON bodies with a JSON content type.
import type { GeneratedPaperSummary, GenerationRequest, ModelShare } from "../../shared/generation.ts";

export function postJson(path: string, body?: unknown, method = "POST"): Promise<Response> {
  return fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string>;
  /** Sent with an unexpected server error: the reference a user can quote to support. */
  requestId?: string;
}

/** The body of a failed response: JSON { message, errors } when the API sent it. */
export async function readError(res: Response): Promise<ApiErrorBody> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as ApiErrorBody;
    if (body && typeof body === "object") return body;
  } catch {
    // not JSON
  }
  return { message: text || undefined };
}

/** §8: 'status: body text' (or the status text if the body is empty); the API's message when it sent one. */
export async function apiErrorMessage(res: Response): Promise<string> {
  const body = await readError(res);
  const message = body.message ?? `${res.status}: ${res.statusText}`;
  return body.requestId ? `${message} (reference ${body.requestId})` : message;
}

/** One Server-Sent Event: its name ('message' when unnamed) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/** Splits a text stream into Server-Sent Events (for POST responses: EventSource can only GET). */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const parse = (block: string): SseEvent | null => {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (!line || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
    }
    return data.length ? { event, data: data.join("\n") } : null;
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer = (buffer + decoder.decode(value, { stream: true })).replace(/\r\n?/g, "\n");
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const found = parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (found) yield found;
      }
    }
    const last = parse(buffer);
    if (last) yield last;
  } finally {
    reader.releaseLock();
  }
}

/** A generation the server refused or could not finish: its HTTP status and message (§8). */
export class GenerationError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = "GenerationError";
  }
}

export interface GenerationDone {
  success: true;
  id: number;
  pdfUrl: string;
  viewerUrl: string;
  paper: GeneratedPaperSummary;
  /** How many questions the model wrote, when one was asked to (predicted papers with a model configured). */
  modelShare: ModelShare | null;
}

/**
 * POST /api/generate-enhanced-paper, following the server's progress as Server-Sent Events:
 * onStep for each step reached, onModel each time the model has written a question (and once when it
 * is asked), then the finished paper, or a GenerationError with the server's message.
 */
export async function streamGeneration(
  request: GenerationRequest,
  onStep: (step: string) => void,
  onModel: (progress: { written: number; asked: number }) => void = () => {},
): Promise<GenerationDone> {
  const res = await fetch("/api/generate-enhanced-paper", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(request),
  });
  if (!res.ok) throw new GenerationError(res.status, await apiErrorMessage(res));
  if (!res.headers.get("content-type")?.includes("text/event-stream") || !res.body) {
    return (await res.json()) as GenerationDone;
  }
  for await (const { event, data } of readSse(res.body)) {
    const body = JSON.parse(data) as Record<string, unknown>;
    if (event === "step") onStep(String(body.step));
    else if (event === "model") onModel({ written: Number(body.written) || 0, asked: Number(body.asked) || 0 });
    else if (event === "done") return body as unknown as GenerationDone;
    else if (event === "error") {
      throw new GenerationError(Number(body.status) || 500, typeof body.message === "string" ? body.message : "The paper could not be generated.");
    }
  }
  throw new GenerationError(0, "The connection closed before the paper was ready. If it is not in your list, your credit has been returned.");
}
