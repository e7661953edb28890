// Sends the exam page's queued changes (pending-answers.ts) to the server: after a pause in typing
// (SAVE_DEBOUNCE_MS), on reconnecting, and when asked before a submit. The tabs of one sitting take
// turns (a Web Lock), so each queued change is sent once, and a save always sends the newest values.
import { SAVE_DEBOUNCE_MS } from "../../../shared/sittings.ts";
import { saveAnswers, SittingApiError } from "../../lib/sittings.ts";
import { acknowledge, isEmpty, loadPending, toRequest, updatePending } from "./pending-answers.ts";

/**
 * saved: nothing waits; saving: changes wait or are on their way; offline: no connection, the changes
 * are kept on this device; closed: the server refuses answers (time is up, or the paper was handed in);
 * failed: the server refused the save for another reason (its message is given).
 */
export type SaveStatus = "saved" | "saving" | "offline" | "closed" | "failed";

interface SaveQueueOptions {
  sittingId: number;
  onStatus: (status: SaveStatus, message?: string) => void;
  /** Each save's answer carries the server's clock and the deadline: the countdown keeps in step. */
  onServerClock: (deadline: string, now: string) => void;
}

/** How often an unsent queue is tried again while the connection or the server is down. */
const RETRY_MS = 15_000;

export class SaveQueue {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retry: ReturnType<typeof setInterval> | undefined;
  private readonly onOnline = () => void this.flush();
  private readonly onOffline = () => this.options.onStatus("offline");

  constructor(private readonly options: SaveQueueOptions) {
    addEventListener("online", this.onOnline);
    addEventListener("offline", this.onOffline);
  }

  /** A change was queued: save it after the pause in typing. */
  schedule(): void {
    clearTimeout(this.timer);
    this.options.onStatus(navigator.onLine ? "saving" : "offline");
    this.timer = setTimeout(() => void this.flush(), SAVE_DEBOUNCE_MS);
  }

  /** Sends everything queued now; "saved" when nothing is left unsent, or why something is. */
  async flush(): Promise<SaveStatus> {
    clearTimeout(this.timer);
    const { sittingId } = this.options;
    const send = () => this.send();
    // Tabs of the same sitting take turns; a browser without Web Locks saves from each tab as it is.
    const locks = (navigator as Navigator & { locks?: LockManager }).locks;
    return locks ? await locks.request(`examprep-sitting-${sittingId}-save`, send) : await send();
  }

  dispose(): void {
    clearTimeout(this.timer);
    clearInterval(this.retry);
    removeEventListener("online", this.onOnline);
    removeEventListener("offline", this.onOffline);
  }

  private async send(): Promise<SaveStatus> {
    const { sittingId, onStatus, onServerClock } = this.options;
    const sent = loadPending(sittingId);
    if (isEmpty(sent)) {
      onStatus("saved");
      return "saved";
    }
    if (!navigator.onLine) return this.keepTrying("offline");
    onStatus("saving");
    try {
      const clock = await saveAnswers(sittingId, toRequest(sent));
      onServerClock(clock.deadline, clock.now);
    } catch (err) {
      if (err instanceof SittingApiError && err.status === 409) {
        onStatus("closed", err.message);
        return "closed";
      }
      if (err instanceof SittingApiError && !err.offline && err.status < 500) {
        onStatus("failed", err.message);
        return "failed";
      }
      return this.keepTrying(err instanceof SittingApiError && !err.offline ? "failed" : "offline", err instanceof Error ? err.message : undefined);
    }
    clearInterval(this.retry);
    this.retry = undefined;
    const left = updatePending(sittingId, (p) => acknowledge(p, sent));
    if (isEmpty(left)) {
      onStatus("saved");
      return "saved";
    }
    // Changed while the save was under way: those changes go next.
    this.schedule();
    return "saving";
  }

  private keepTrying(status: "offline" | "failed", message?: string): SaveStatus {
    this.options.onStatus(status, status === "offline" ? undefined : message);
    this.retry ??= setInterval(() => void this.flush(), RETRY_MS);
    return status;
  }
}
