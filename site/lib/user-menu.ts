// The header's account controls in the browser (site/components/layout/UserMenu.astro): a few lines of
// script instead of a React island, so a page that only uses the layout ships no framework. The
// markup holds both the signed-in and the signed-out state; this shows the right one and fills in the
// name and balance from the same stores the islands use, so a balance an island changes shows at once.
import type { PublicUser } from "../../shared/schemas.ts";
import { $user, displayName, seedUser } from "../stores/user.ts";
import { $credits, creditsWord, seedCredits } from "../stores/credits.ts";
import { flashToast, toast } from "../stores/toasts.ts";
import { apiErrorMessage, postJson } from "./api.ts";

/** What the server knew when it rendered the page (UserMenu.astro's data-session). */
interface Session {
  user: PublicUser | null;
  credits: number | null;
}

function all<E extends HTMLElement = HTMLElement>(selector: string): E[] {
  return [...document.querySelectorAll<E>(selector)];
}

/** Shows the state of this user and balance: the same markup the server renders for them. */
function render(user: PublicUser | null, credits: number | null): void {
  for (const el of all("[data-signed-in]")) el.hidden = !user;
  for (const el of all("[data-signed-out]")) el.hidden = !!user;
  // The sidebar's admin links, present (hidden) only on a prerendered page, which cannot know the user.
  for (const el of all("[data-admin-only]")) el.hidden = !user?.isAdmin;
  const name = user ? displayName(user) : "";
  for (const el of all("[data-user-name]")) el.textContent = name;
  for (const el of all("[data-greeting]")) el.title = `Hello, ${name}: account settings`;
  for (const el of all("[data-credits-badge]")) el.hidden = credits === null;
  for (const el of all("[data-credits]")) el.textContent = String(credits ?? "");
  for (const el of all("[data-credits-word]")) el.textContent = creditsWord(credits);
}

/** The session as GET /api/session tells it; a failed request shows the signed-out header. */
async function fetchSession(): Promise<Session> {
  try {
    const res = await fetch("/api/session", { credentials: "include" });
    if (res.ok) return (await res.json()) as Session;
  } catch {
    // offline: the page reads signed out, as it was built
  }
  return { user: null, credits: null };
}

async function signOut(): Promise<void> {
  const buttons = all<HTMLButtonElement>("[data-sign-out]");
  const pending = (on: boolean) => {
    for (const b of buttons) {
      b.disabled = on;
      b.textContent = on ? "Signing out..." : "Sign Out";
    }
  };
  pending(true);
  try {
    const res = await postJson("/api/logout");
    if (!res.ok) throw new Error(await apiErrorMessage(res));
    $user.set(null);
    flashToast({ title: "Logged out", description: "You have been logged out successfully" });
    window.location.assign("/");
  } catch (err) {
    toast({ title: "Logout failed", description: (err as Error).message, variant: "destructive" });
    pending(false);
  }
}

/**
 * Starts the header: seeds the stores with the session the server rendered, or, on a prerendered page
 * (no data-session), asks the API who is signed in and their balance (GET /api/session, one request
 * that answers a visitor with nulls rather than an error) and shows them the signed-in header.
 */
export async function startUserMenu(root: HTMLElement = document.getElementById("user-menu")!): Promise<void> {
  for (const button of all<HTMLButtonElement>("[data-sign-out]")) button.addEventListener("click", () => void signOut());
  const rendered = root.dataset.session;
  if (rendered) {
    const session = JSON.parse(rendered) as Session;
    seedUser(session.user);
    seedCredits(session.credits);
  } else {
    const session = await fetchSession();
    seedUser(session.user);
    seedCredits(session.credits);
  }
  // Both stores are read on every change of either: a change of user is followed by its balance.
  const draw = () => render($user.get(), $credits.get());
  $user.listen(draw);
  $credits.listen(draw);
  draw();
  root.dataset.ready = "true";
}
