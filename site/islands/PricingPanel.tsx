import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { CREDIT_PACKAGES, REDIRECT_DELAYS_MS } from "../../shared/constants.ts";
import { formatDateTime, formatPence } from "../../shared/format.ts";
import { priceCredits, type CodeDiscount } from "../../shared/pricing.ts";
import { postJson, readError } from "../lib/api.ts";
import { $credits, refreshCredits, seedCredits } from "../stores/credits.ts";
import { flashToast, toast } from "../stores/toasts.ts";

type Tab = "purchase" | "history" | "usage";

interface Transaction {
  id: number;
  createdAt: string;
  transactionType: string;
  creditsAdded: number;
  creditsDeducted: number;
  amount: string;
  status: string;
  description: string;
}
interface Usage {
  id: number;
  createdAt: string;
  transactionType: string;
  credits: number;
  description: string;
}

interface AppliedCode extends CodeDiscount {
  code: string;
}

interface Props {
  initialCredits: number;
  subscriptionStatus: string;
}

/** Credits & Purchase History for a signed-in user (§2): buy, history, usage. */
export default function PricingPanel({ initialCredits, subscriptionStatus }: Props) {
  if (typeof window !== "undefined") seedCredits(initialCredits);
  const stored = useStore($credits);
  const credits = stored ?? initialCredits;
  const [tab, setTab] = useState<Tab>("purchase");

  const tabs: [Tab, string][] = [
    ["purchase", "Purchase Credits"],
    ["history", "Purchase History"],
    ["usage", "Credit Usage"],
  ];
  return (
    <div>
      <div role="tablist" aria-label="Credits" className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {tabs.map(([t, label]) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`credits-tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`credits-panel-${t}`}
            onClick={() => setTab(t)}
            className={`-mb-px whitespace-nowrap border-b-2 px-4 py-2 text-sm font-semibold ${tab === t ? "border-brand-600 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div id={`credits-panel-${tab}`} role="tabpanel" aria-labelledby={`credits-tab-${tab}`} className="pt-6">
        {tab === "purchase" && <Purchase credits={credits} subscriptionStatus={subscriptionStatus} />}
        {tab === "history" && <History />}
        {tab === "usage" && <UsageTable />}
      </div>
    </div>
  );
}

function Purchase({ credits, subscriptionStatus }: { credits: number; subscriptionStatus: string }) {
  const [quantity, setQuantity] = useState(1);
  const [codeText, setCodeText] = useState("");
  const [applied, setApplied] = useState<AppliedCode | null>(null);
  const [checking, setChecking] = useState(false);
  const [buying, setBuying] = useState(false);
  const price = priceCredits(quantity, applied);

  const setSafeQuantity = (n: number) => setQuantity(Number.isFinite(n) ? Math.min(1000, Math.max(1, Math.floor(n))) : 1);

  async function applyCode() {
    const code = codeText.trim();
    if (!code) return; // blank input is ignored (§5)
    setChecking(true);
    try {
      const res = await postJson("/api/discount/validate", { code });
      if (!res.ok) {
        toast({ title: "Validation Error", description: (await readError(res)).message ?? "Please try again.", variant: "destructive" });
        return;
      }
      const result = (await res.json()) as { valid: boolean; code?: string; discountPercentage: number; amountInPence: number; message?: string };
      if (!result.valid) {
        toast({ title: "Invalid Code", description: result.message || "The discount code is invalid or has expired.", variant: "destructive" });
        return;
      }
      setApplied({ code: result.code ?? code.toUpperCase(), discountPercentage: result.discountPercentage, amountOffPence: result.amountInPence });
      setCodeText("");
      toast({ title: "Discount applied", description: `${result.discountPercentage}% off with ${result.code ?? code.toUpperCase()}` });
    } catch {
      toast({ title: "Validation Error", description: "We could not check that code. Please try again.", variant: "destructive" });
    } finally {
      setChecking(false);
    }
  }

  async function purchase() {
    setBuying(true);
    try {
      const res = await postJson("/api/checkout/credits", { creditQuantity: quantity, discountCode: applied?.code });
      if (res.status === 401) {
        // The page changes at once, so the toast is left for the sign-in page to show (as sign-in does).
        flashToast({ title: "Authentication Required", description: "Please log in to purchase credits.", variant: "destructive" });
        window.location.assign("/auth?next=%2Fpricing");
        return;
      }
      if (!res.ok) throw new Error((await readError(res)).message ?? "Failed to create a checkout session.");
      const result = (await res.json()) as { url?: string; checkoutId?: string; adminFreeCredits?: boolean; creditQuantity: number; reason?: string; redirectToPage?: string };
      if (result.adminFreeCredits) {
        await refreshCredits();
        toast({ title: "Credits added", description: `${result.creditQuantity} free credit${result.creditQuantity === 1 ? "" : "s"} added (${result.reason}).` });
        setApplied(null);
        if (result.redirectToPage && result.redirectToPage !== window.location.pathname) {
          setTimeout(() => window.location.assign(result.redirectToPage!), REDIRECT_DELAYS_MS.freeCredits);
        }
        setBuying(false);
        return;
      }
      if (result.url) {
        sessionStorage.setItem("checkoutUrl", result.url);
        // The confirmation page's Cancel Purchase cancels this checkout.
        if (result.checkoutId) sessionStorage.setItem("checkoutId", result.checkoutId);
        else sessionStorage.removeItem("checkoutId");
        setTimeout(() => window.location.assign("/checkout-confirmation"), REDIRECT_DELAYS_MS.paymentPage);
        return;
      }
      throw new Error("No payment URL received.");
    } catch (err) {
      toast({ title: "Checkout Error", description: (err as Error).message, variant: "destructive" });
      setBuying(false);
    }
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section className="card p-6" aria-labelledby="buy-title">
        <h2 id="buy-title" className="text-lg font-bold">Buy credits</h2>
        <p className="mt-1 text-sm text-slate-600">One credit makes one complete paper with its mark scheme. Bulk discounts: 5% from 5, 10% from 10, 20% from 20.</p>

        <div className="mt-5">
          <label htmlFor="quantity" className="block text-sm font-medium">Number of credits</label>
          <div className="mt-1 flex items-center gap-2">
            <button type="button" className="btn-outline px-3" aria-label="One credit fewer" onClick={() => setSafeQuantity(quantity - 1)} disabled={quantity <= 1 || buying}>−</button>
            <input
              id="quantity"
              type="number"
              min={1}
              max={1000}
              inputMode="numeric"
              value={quantity}
              onChange={(e) => setSafeQuantity(Number(e.target.value))}
              disabled={buying}
              className="w-24 rounded-lg border border-slate-300 px-3 py-2 text-center text-sm"
            />
            <button type="button" className="btn-outline px-3" aria-label="One credit more" onClick={() => setSafeQuantity(quantity + 1)} disabled={buying}>+</button>
          </div>
          <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Packages">
            {CREDIT_PACKAGES.map((p) => (
              <button key={p} type="button" onClick={() => setQuantity(p)} disabled={buying} aria-pressed={quantity === p} className={quantity === p ? "btn-primary" : "btn-outline"}>
                {p} credits
              </button>
            ))}
          </div>
        </div>

        <div className="mt-6">
          {applied ? (
            <div className="flex items-center justify-between rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm" data-testid="applied-code">
              <span>
                Code <strong>{applied.code}</strong>: {applied.discountPercentage}% off
              </span>
              <button type="button" className="btn-ghost px-2 py-1" onClick={() => setApplied(null)} disabled={buying}>Remove</button>
            </div>
          ) : (
            <form
              className="flex gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                void applyCode();
              }}
            >
              <label htmlFor="discount-code" className="sr-only">Discount code</label>
              <input
                id="discount-code"
                value={codeText}
                onChange={(e) => setCodeText(e.target.value)}
                placeholder="Discount code"
                disabled={checking || buying}
                className="w-0 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm uppercase"
              />
              <button type="submit" className="btn-outline" disabled={checking || buying}>{checking ? "Checking..." : "Apply"}</button>
            </form>
          )}
        </div>
      </section>

      <aside className="card h-fit p-6" aria-labelledby="summary-title">
        <h2 id="summary-title" className="text-lg font-bold">Summary</h2>
        <p className="mt-1 text-sm text-slate-600">
          You have <strong data-testid="pricing-credits">{credits}</strong> credit{credits === 1 ? "" : "s"} · <span className="capitalize">{subscriptionStatus}</span>
        </p>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between"><dt>{quantity} × {formatPence(price.unitPence)}</dt><dd>{formatPence(price.subtotalPence)}</dd></div>
          {price.bulkPercent > 0 && <div className="flex justify-between text-green-800"><dt>Bulk discount</dt><dd>{price.bulkPercent}% off</dd></div>}
          {price.codePercent > 0 && <div className="flex justify-between text-green-800"><dt>Code {applied?.code}</dt><dd>{price.codePercent}% off</dd></div>}
          {price.amountOffPence > 0 && <div className="flex justify-between text-green-800"><dt>Code amount off</dt><dd>−{formatPence(price.amountOffPence)}</dd></div>}
          <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold"><dt>Total</dt><dd data-testid="pricing-total">{formatPence(price.totalPence)}</dd></div>
          {price.savingPence > 0 && <p className="text-right text-xs text-green-800">You save {formatPence(price.savingPence)}</p>}
        </dl>
        <button type="button" className="btn-primary mt-5 w-full" onClick={purchase} disabled={buying}>
          {buying ? "Processing..." : price.totalPence === 0 ? `Get ${quantity} credit${quantity === 1 ? "" : "s"}` : `Buy ${quantity} credit${quantity === 1 ? "" : "s"} for ${formatPence(price.totalPence)}`}
        </button>
        <p className="mt-3 text-xs text-slate-600">Payments are handled securely by our payment provider. We never see your card details.</p>
      </aside>
    </div>
  );
}

function useList<T>(path: string) {
  const [rows, setRows] = useState<T[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetch(path, { credentials: "include" })
      .then((res) => (res.ok ? (res.json() as Promise<T[]>) : Promise.reject(new Error(String(res.status)))))
      .then(setRows)
      .catch(() => setFailed(true));
  }, [path]);
  return { rows, failed };
}

function History() {
  const { rows, failed } = useList<Transaction>("/api/user/transactions");
  if (failed) return <p role="alert" className="text-red-700">Your purchase history could not be loaded. Please refresh the page.</p>;
  if (!rows) return <p className="text-slate-600">Loading history...</p>;
  if (!rows.length) return <p className="card p-6 text-slate-600">No transactions yet. Credits you buy, receive or spend appear here.</p>;
  return (
    <div className="card overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3">Date</th>
            <th scope="col" className="px-4 py-3">Type</th>
            <th scope="col" className="px-4 py-3 text-right">Credits added</th>
            <th scope="col" className="px-4 py-3 text-right">Credits deducted</th>
            <th scope="col" className="px-4 py-3 text-right">Amount</th>
            <th scope="col" className="px-4 py-3">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.id} data-testid="history-row">
              <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(r.createdAt)}</td>
              <td className="px-4 py-3 capitalize" title={r.description}>{r.transactionType.replaceAll("_", " ")}</td>
              <td className="px-4 py-3 text-right">{r.creditsAdded || "—"}</td>
              <td className="px-4 py-3 text-right">{r.creditsDeducted || "—"}</td>
              <td className="px-4 py-3 text-right">{formatPence(Number(r.amount))}</td>
              <td className="px-4 py-3">
                {r.status === "completed" ? (
                  <span className="badge bg-green-100 text-green-900">completed</span>
                ) : (
                  <span className="badge border border-slate-300 text-slate-700">{r.status}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UsageTable() {
  const { rows, failed } = useList<Usage>("/api/user/credit-usage");
  if (failed) return <p role="alert" className="text-red-700">Your credit usage could not be loaded. Please refresh the page.</p>;
  if (!rows) return <p className="text-slate-600">Loading usage...</p>;
  if (!rows.length) return <p className="card p-6 text-slate-600">You have not spent any credits yet. Each paper you generate uses one credit and appears here.</p>;
  return (
    <div className="card overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3">Date</th>
            <th scope="col" className="px-4 py-3">Used for</th>
            <th scope="col" className="px-4 py-3 text-right">Credits</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.id}>
              <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(r.createdAt)}</td>
              <td className="px-4 py-3">{r.description}</td>
              <td className="px-4 py-3 text-right">{r.credits}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
