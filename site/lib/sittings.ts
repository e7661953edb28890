// The exam page's and results page's calls to /api/sittings (issue 15), typed by the contract in
// shared/sittings.ts. A failure is a SittingApiError: its status (0 when the request never reached
// the server, so the caller can tell "offline" from "refused") and the API's message.
import type { SittingResult, SittingView } from "../../shared/sittings.ts";
import type { Remark, SaveAnswers, SelfMark, StartSitting } from "../../shared/sitting-requests.ts";
import { postJson, readError } from "./api.ts";

export class SittingApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = "SittingApiError";
  }
  /** The request did not reach the server (no connection): worth retrying, nothing was refused. */
  get offline(): boolean {
    return this.status === 0;
  }
}

const UNREACHABLE = "We could not reach ExamPrep. Please check your connection.";

async function call<T>(send: () => Promise<Response>): Promise<T> {
  let res: Response;
  try {
    res = await send();
  } catch {
    throw new SittingApiError(0, UNREACHABLE);
  }
  if (!res.ok) {
    const body = (await readError(res)) as { message?: string; error?: string; requestId?: string };
    const message = body.message ?? body.error ?? `${res.status}: ${res.statusText}`;
    throw new SittingApiError(res.status, body.requestId ? `${message} (reference ${body.requestId})` : message);
  }
  return (await res.json()) as T;
}

const base = (id: number) => `/api/sittings/${id}`;

export const startSitting = (body: StartSitting) => call<SittingView>(() => postJson("/api/sittings", body));
export const getSitting = (id: number) => call<SittingView>(() => fetch(base(id), { credentials: "include" }));
export const saveAnswers = (id: number, body: SaveAnswers) =>
  call<{ savedAt: string; deadline: string; now: string }>(() => postJson(`${base(id)}/answers`, body, "PUT"));
export const submitSitting = (id: number, automatic: boolean) => call<SittingResult>(() => postJson(`${base(id)}/submit`, { automatic }));
export const getResult = (id: number) => call<SittingResult>(() => fetch(`${base(id)}/result`, { credentials: "include" }));
export const selfMark = (id: number, body: SelfMark) => call<SittingResult>(() => postJson(`${base(id)}/self-mark`, body));
export const remark = (id: number, body: Remark) => call<SittingResult>(() => postJson(`${base(id)}/remark`, body));
/** A new predicted paper weighted to this sitting's weakest topics, opened for sitting (one credit). */
export const sitAgain = (id: number) => call<SittingView>(() => postJson(`${base(id)}/again`));

/** The time allowed with extra time, in seconds, as the server sets the deadline (to the second). */
export const secondsWithExtraTime = (minutes: number, percent: number) => Math.round(minutes * 60 * (1 + percent / 100));
