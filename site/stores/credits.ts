// The live credit balance, shared by the header and every page that shows or changes it.
import { atom } from "nanostores";
import { CREDITS_CHANGED_EVENT } from "../../shared/credits-event.ts";

export const $credits = atom<number | null>(null);

export function seedCredits(credits: number | null): void {
  if ($credits.get() === null) $credits.set(credits);
}

/** What follows the number of a balance: ' credit' or ' credits'. */
export function creditsWord(credits: number | null): string {
  return ` credit${credits === 1 ? "" : "s"}`;
}

/** GET /api/user/credits; call after anything that changes the balance. */
export async function refreshCredits(): Promise<number | null> {
  try {
    const res = await fetch("/api/user/credits", { credentials: "include" });
    if (!res.ok) return $credits.get();
    const { credits } = (await res.json()) as { credits: number };
    $credits.set(credits);
    return credits;
  } catch {
    return $credits.get();
  }
}

// Balance changes made outside this bundle (the admin tools) are announced with this event.
if (typeof document !== "undefined") globalThis.addEventListener(CREDITS_CHANGED_EVENT, () => void refreshCredits());
