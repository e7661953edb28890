import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { PublicUser } from "../../shared/schemas.ts";
import { $user, seedUser } from "../stores/user.ts";
import { toast } from "../stores/toasts.ts";

/** Header greeting with Sign Out, or a Sign In link (§2 Layout). */
export default function UserMenu({ initialUser }: { initialUser: PublicUser | null }) {
  // The store is module state: on the server it would be shared by every request, so the server
  // renders from the prop and only the browser seeds the store.
  const isServer = typeof window === "undefined";
  if (!isServer) seedUser(initialUser);
  const fromStore = useStore($user);
  const user = isServer ? initialUser : fromStore;
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
      const res = await fetch("/api/logout", { method: "POST", credentials: "include" });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      $user.set(null);
      toast({ title: "Logged out", description: "You have been logged out successfully" });
      window.location.assign("/");
    } catch (err) {
      toast({ title: "Logout failed", description: (err as Error).message, variant: "destructive" });
      setPending(false);
    }
  }

  return (
    <div className="flex items-center gap-3">
      <span className="hidden text-sm text-slate-700 sm:inline">
        Hello, <strong className="font-semibold">{user.fullName || user.username}</strong>
      </span>
      <button type="button" className="btn-outline" onClick={signOut} disabled={pending}>
        {pending ? "Signing out..." : "Sign Out"}
      </button>
    </div>
  );
}
