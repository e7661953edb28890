import { useEffect, useState } from "react";
import { COPY_FEEDBACK_MS, REFERRAL_CREDITS_EACH_SIDE } from "../../shared/constants.ts";
import { formatDate } from "../../shared/format.ts";
import { toast } from "../stores/toasts.ts";

interface Info {
  referralCode: string;
  totalReferrals: number;
  creditsEarned: number;
  pendingReferrals: number;
  /** Referral bonuses one referrer can be paid a calendar month (the referral_monthly_cap setting). */
  monthlyCap: number;
  referrals: { id: number; referredUsername: string; createdAt: string; status: "pending" | "completed"; creditsAwarded: number }[];
}

/** The referral programme (§2 Referrals): your code and link, totals and the friends who joined. */
export default function Referrals() {
  const [info, setInfo] = useState<Info | null>(null);
  const [failed, setFailed] = useState(false);
  const [copied, setCopied] = useState<"code" | "link" | null>(null);

  useEffect(() => {
    fetch("/api/referrals/info", { credentials: "include" })
      .then((res) => (res.ok ? (res.json() as Promise<Info>) : Promise.reject(new Error(String(res.status)))))
      .then(setInfo)
      .catch(() => {
        setFailed(true);
        toast({ title: "Failed to generate referral code", description: "Please refresh the page to try again.", variant: "destructive" });
      });
  }, []);

  async function copy(what: "code" | "link", text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
      setTimeout(() => setCopied(null), COPY_FEEDBACK_MS);
    } catch {
      toast({ title: "Failed to copy", description: "Please select and copy it yourself.", variant: "destructive" });
    }
  }

  if (failed) return <p role="alert" className="card p-6 text-red-700">Your referral code could not be loaded. Please refresh the page.</p>;
  if (!info) return <p className="text-slate-600">Loading your referral code...</p>;
  const link = `${window.location.origin}/auth?ref=${info.referralCode}`;
  const stats: [string, number][] = [
    ["Friends invited", info.totalReferrals],
    ["Credits earned", info.creditsEarned],
    ["Waiting for a paid purchase", info.pendingReferrals],
  ];

  return (
    <div className="space-y-6">
      <section className="card p-6" aria-labelledby="code-title">
        <h2 id="code-title" className="text-lg font-bold">Your referral code</h2>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <code className="rounded-lg bg-slate-100 px-4 py-2 text-xl font-bold tracking-widest" data-testid="referral-code">{info.referralCode}</code>
          <button type="button" className="btn-outline" onClick={() => copy("code", info.referralCode)}>{copied === "code" ? "Copied!" : "Copy code"}</button>
        </div>
        <label htmlFor="referral-link" className="mt-4 block text-sm font-medium">Or share your invitation link</label>
        <div className="mt-1 flex gap-2">
          <input id="referral-link" readOnly value={link} className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm" />
          <button type="button" className="btn-outline" onClick={() => copy("link", link)}>{copied === "link" ? "Copied!" : "Copy link"}</button>
        </div>
      </section>

      <div className="grid gap-4 sm:grid-cols-3">
        {stats.map(([label, value]) => (
          <div key={label} className="card p-5">
            <p className="text-sm text-slate-600">{label}</p>
            <p className="mt-1 text-3xl font-bold">{value}</p>
          </div>
        ))}
      </div>

      <section className="card overflow-x-auto" aria-labelledby="list-title">
        <h2 id="list-title" className="px-6 pt-6 text-lg font-bold">Your referrals</h2>
        {info.referrals.length === 0 ? (
          <p className="px-6 pb-6 pt-2 text-slate-600">No one has joined with your code yet. Share it with a friend to get started.</p>
        ) : (
          <table className="mt-3 w-full min-w-[28rem] text-left text-sm">
            <thead className="border-y border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-6 py-3">Friend</th>
                <th scope="col" className="px-6 py-3">Joined</th>
                <th scope="col" className="px-6 py-3">Status</th>
                <th scope="col" className="px-6 py-3 text-right">Credits</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {info.referrals.map((r) => (
                <tr key={r.id}>
                  <td className="px-6 py-3">{r.referredUsername}</td>
                  <td className="px-6 py-3">{formatDate(r.createdAt)}</td>
                  <td className="px-6 py-3">
                    <span className={`badge ${r.status === "completed" ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}>{r.status}</span>
                  </td>
                  <td className="px-6 py-3 text-right">{r.creditsAwarded}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="card p-6" aria-labelledby="how-title">
        <h2 id="how-title" className="text-lg font-bold">How it works</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>Share your code or link with a friend.</li>
          <li>They register with it and pay for credits.</li>
          <li>
            Once their payment has cleared, you each get {REFERRAL_CREDITS_EACH_SIDE} free credit. Invite as many friends as you like;{" "}
            {info.monthlyCap > 0
              ? `you can earn up to ${info.monthlyCap} referral bonus${info.monthlyCap === 1 ? "" : "es"} a month.`
              : "referral bonuses are paused at the moment."}
          </li>
        </ol>
      </section>
    </div>
  );
}
