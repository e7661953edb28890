import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { PublicUser } from "../../shared/schemas.ts";
import { $user, seedUser } from "../stores/user.ts";
import { $credits, seedCredits } from "../stores/credits.ts";
import { flashToast, toast } from "../stores/toasts.ts";
import { apiErrorMessage, postJson } from "../lib/api.ts";

interface Props {
  initialUser: PublicUser | null;
  initialCredits: number | null;
  /**
   * "header" (default): the credits badge, 'Hello, name' and Sign Out, or Sign In. Below 640 px the
   * greeting and Sign Out do not fit beside the logo, so the header keeps only the badge (an icon and
   * the number) and the drawer shows them instead.
   * "drawer": 'Hello, name' and Sign Out at the top of the narrow-screen drawer; nothing when signed out.
   */
  variant?: "header" | "drawer";
}

/** A stack of coins (decorative: the badge says 'N credits' to assistive technology). */
function CoinsIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <ellipse cx="12" cy="5" rx="8" ry="3" />
      <path d="M4 5v14c0 1.7 3.6 3 8 3s8-1.3 8-3V5M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" />
    </svg>
  );
}

/** Header greeting with Sign Out, or a Sign In link (§2 Layout); the same in the drawer on narrow screens. */
export default function UserMenu({ initialUser, initialCredits, variant = "header" }: Props) {
  // The store is module state: on the server it would be shared by every request, so the server
  // renders from the prop and only the browser seeds the store.
  const isServer = typeof window === "undefined";
  if (!isServer) {
    seedUser(initialUser);
    seedCredits(initialCredits);
  }
  const fromStore = useStore($user);
  const creditsFromStore = useStore($credits);
  const user = isServer ? initialUser : fromStore;
  const credits = isServer ? initialCredits : creditsFromStore;
  const [pending, setPending] = useState(false);

  if (!user) {
    if (variant === "drawer") return null;
    return (
      <a href="/auth" className="btn-primary shrink-0 max-sm:px-3">
        Sign In
      </a>
    );
  }

  async function signOut() {
    setPending(true);
    try {
      const res = await postJson("/api/logout");
      if (!res.ok) throw new Error(await apiErrorMessage(res));
      $user.set(null);
      flashToast({ title: "Logged out", description: "You have been logged out successfully" });
      window.location.assign("/");
    } catch (err) {
      toast({ title: "Logout failed", description: (err as Error).message, variant: "destructive" });
      setPending(false);
    }
  }

  const name = user.fullName || user.username;
  const signOutLabel = pending ? "Signing out..." : "Sign Out";

  if (variant === "drawer") {
    return (
      <div className="border-b border-slate-200 px-4 py-3" data-testid="drawer-account">
        <a href="/settings" data-nav-item className="block break-words text-sm text-slate-700 hover:underline" title="Account settings">
          Hello, <strong className="font-semibold">{name}</strong>
        </a>
        <button type="button" className="btn-outline mt-3 w-full" onClick={signOut} disabled={pending}>
          {signOutLabel}
        </button>
      </div>
    );
  }

  return (
    <div className="flex min-w-0 items-center gap-2 sm:gap-3">
      {credits !== null && (
        <a
          href="/pricing"
          className="badge shrink-0 gap-1 bg-brand-50 px-2 py-1 text-sm text-brand-800 hover:bg-brand-100 sm:gap-1.5 sm:px-2.5"
          data-testid="header-credits"
        >
          <CoinsIcon />
          <span>
            {credits}
            <span className="max-sm:sr-only">{` credit${credits === 1 ? "" : "s"}`}</span>
          </span>
        </a>
      )}
      <a href="/settings" className="hidden min-w-0 truncate text-sm text-slate-700 hover:underline sm:block" title={`Hello, ${name}: account settings`}>
        Hello, <strong className="font-semibold">{name}</strong>
      </a>
      <button type="button" className="btn-outline shrink-0 max-sm:hidden" onClick={signOut} disabled={pending}>
        {signOutLabel}
      </button>
    </div>
  );
}
