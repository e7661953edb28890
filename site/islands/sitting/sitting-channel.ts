// Keeps the tabs of one sitting in step (BroadcastChannel): an answer or the flags changed in one tab
// show in the others (a newer change only: each carries the time it was made), a save made by one
// tab shows as saved in all, and handing the paper in from one takes the others to the results.
import type { AnswerValue } from "../../../shared/sittings.ts";

export type SittingMessage =
  | { type: "answer"; part: string; value: AnswerValue; at: number }
  | { type: "flags"; list: string[]; at: number }
  | { type: "saved" }
  | { type: "submitted" };

export interface SittingChannel {
  post: (message: SittingMessage) => void;
  close: () => void;
}

/** A channel for this sitting's tabs; one that does nothing where the browser has no BroadcastChannel. */
export function openSittingChannel(sittingId: number, onMessage: (message: SittingMessage) => void): SittingChannel {
  if (typeof BroadcastChannel === "undefined") return { post: () => {}, close: () => {} };
  const channel = new BroadcastChannel(`examprep-sitting-${sittingId}`);
  channel.onmessage = (e: MessageEvent<SittingMessage>) => onMessage(e.data);
  return { post: (message) => channel.postMessage(message), close: () => channel.close() };
}
