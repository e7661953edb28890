// The header's credit balance lives in a store of the site's bundle ($credits in site/stores/credits.ts).
// The admin tools are a separate bundle with their own copies of every module, so they cannot set that
// store: after changing a balance they announce it with this window event, and the site's store answers
// by fetching the balance again.
export const CREDITS_CHANGED_EVENT = "examprep:credits-changed";

/** Tells the page's header (and any other island showing the balance) to fetch it again. */
export function announceCreditsChanged(): void {
  globalThis.dispatchEvent(new Event(CREDITS_CHANGED_EVENT));
}
