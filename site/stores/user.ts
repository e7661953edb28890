// The current user, shared by every island. The server renders the page knowing the user and seeds
// this store with it, so islands never flash a signed-out state and need no fetch of their own.
import { atom } from "nanostores";
import type { PublicUser } from "../../shared/schemas.ts";
import { RETRY_DELAY_MS } from "../../shared/constants.ts";

export const $user = atom<PublicUser | null>(null);
let seeded = false;

/** Seeds the store with the user the server rendered the page for (the first island to hydrate wins). */
export function seedUser(user: PublicUser | null): void {
  if (seeded) return;
  seeded = true;
  $user.set(user);
  window.addEventListener("pageshow", recheckRestoredPage);
}

/**
 * A page restored from the back-forward cache is the page as it was, not as the server would send it
 * now: the user may have signed out (or in as someone else) in another tab since. So the user is
 * fetched again, and when it is no longer the one shown the page reloads, for the server to apply
 * the page's access rule and render it for the right user.
 */
async function recheckRestoredPage(event: PageTransitionEvent): Promise<void> {
  if (!event.persisted) return;
  const shown = $user.get();
  const current = await refreshUser();
  if ((current?.id ?? null) !== (shown?.id ?? null)) window.location.reload();
}

/** GET /api/user: null on 401 or any failure, retried once after 1 s (§7). */
async function refreshUser(): Promise<PublicUser | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const res = await fetch("/api/user", { credentials: "include" });
      if (res.status === 401) break;
      if (res.ok) {
        const user = (await res.json()) as PublicUser;
        $user.set(user);
        return user;
      }
    } catch {
      // network failure: retried once below
    }
    if (attempt === 0) await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
  }
  $user.set(null);
  return null;
}

/** The name the header greets a user by. */
export function displayName(user: PublicUser): string {
  return user.fullName || user.username;
}
