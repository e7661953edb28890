// Toasts (§9): at most one at a time; a new toast replaces the one showing.
import { atom } from "nanostores";
import { TOAST } from "../../shared/constants.ts";

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  /** A link under the text, opened in a new tab (e.g. the PDF a blocked pop-up could not open). */
  action?: { label: string; href: string };
  /** A button under the text that acts on this page (e.g. 'Sit this paper', which opens a dialog). */
  button?: { label: string; onClick: () => void };
  durationMs: number;
}

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function toast(input: Omit<Toast, "id" | "durationMs"> & { durationMs?: number }): number {
  const id = nextId++;
  $toasts.set([{ durationMs: TOAST.durationMs, ...input, id }, ...$toasts.get()].slice(0, TOAST.limit));
  return id;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

const FLASH_KEY = "examprep:flash-toast";

/** A toast to show on the next page, for actions that end in a navigation (sign-in, sign-out). */
export function flashToast(input: Omit<Toast, "id" | "durationMs">): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(input));
  } catch {
    // storage unavailable: the toast is lost, the action is not
  }
}

/** Shows the toast left by the previous page, once. */
export function showFlashToast(): void {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return;
    sessionStorage.removeItem(FLASH_KEY);
    toast(JSON.parse(raw));
  } catch {
    // nothing to show
  }
}
