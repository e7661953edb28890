import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { PublicUser } from "../../shared/schemas.ts";
import { $user, seedUser } from "../stores/user.ts";
import { $credits, seedCredits } from "../stores/credits.ts";
import { flashToast, toast } from "../stores/toasts.ts";
import { apiErrorMessage, postJson } from "../lib/api.ts";

/** Header greeting with Sign Out, or a Sign In link (§2 Layout). */
export default function UserMenu({ initialUser, initialCredits }: { initialUser: PublicUser | null; initialCredits: number | null }) {
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
    return (
      <a href="/auth" className="btn-primary">
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

  return (
    <div className="flex items-center gap-3">
      {credits !== null && (
        <a href="/pricing" className="badge bg-brand-50 px-3 py-1 text-sm text-brand-800 hover:bg-brand-100" data-testid="header-credits">
          {credits} credit{credits === 1 ? "" : "s"}
        </a>
      )}
      <a href="/settings" className="hidden text-sm text-slate-700 hover:underline sm:inline" title="Account settings">
        Hello, <strong className="font-semibold">{user.fullName || user.username}</strong>
      </a>
      <button type="button" className="btn-outline" onClick={signOut} disabled={pending}>
        {pending ? "Signing out..." : "Sign Out"}
      </button>
    </div>
  );
}
