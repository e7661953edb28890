// The current user, shared by every island. The server renders the page knowing the user and seeds
// this store with it, so islands never flash a signed-out state.
import { atom } from "nanostores";
import type { PublicUser } from "../../shared/schemas.ts";
import { RETRY_DELAY_MS } from "../../shared/constants.ts";

export const $user = atom<PublicUser | null>(null);
export const $userResolved = atom(false);

export function seedUser(user: PublicUser | null): void {
  if ($userResolved.get()) return;
  $user.set(user);
  $userResolved.set(true);
}

/** GET /api/user: null on 401 or any failure, retried once after 1 s (§7). */
export async function refreshUser(): Promise<PublicUser | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const res = await fetch("/api/user", { credentials: "include" });
      if (res.status === 401) break;
      if (res.ok) {
        const user = (await res.json()) as PublicUser;
        $user.set(user);
        $userResolved.set(true);
        return user;
      }
    } catch {
      // network failure: retried once below
    }
    if (attempt === 0) await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
  }
  $user.set(null);
  $userResolved.set(true);
  return null;
}
