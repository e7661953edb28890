import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import { TOAST } from "../../shared/constants.ts";
import { $toasts, dismissToast, showFlashToast, type Toast } from "../stores/toasts.ts";

const VARIANT_CLASSES: Record<NonNullable<Toast["variant"]>, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  success: "border-green-300 bg-green-50 text-green-900",
  destructive: "border-red-300 bg-red-600 text-white",
};

function ToastItem({ item }: { item: Toast }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(item.id), item.durationMs);
    return () => clearTimeout(timer);
  }, [item, paused]);

  return (
    <div
      role="status"
      aria-live={item.variant === "destructive" ? "assertive" : "polite"}
      aria-atomic="true"
      className={`pointer-events-auto relative w-full touch-pan-y rounded-lg border p-4 pr-10 shadow-lg transition-transform ${VARIANT_CLASSES[item.variant ?? "default"]}`}
      style={{ transform: `translateX(${offset}px)` }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onPointerDown={(e) => {
        start.current = e.clientX;
        setPaused(true);
      }}
      onPointerMove={(e) => {
        if (start.current !== null) setOffset(Math.max(0, e.clientX - start.current));
      }}
      onPointerUp={() => {
        // Swiping right past the threshold dismisses the toast (§9).
        if (offset > TOAST.swipeThresholdPx) dismissToast(item.id);
        start.current = null;
        setOffset(0);
        setPaused(false);
      }}
      onPointerCancel={() => {
        start.current = null;
        setOffset(0);
        setPaused(false);
      }}
    >
      <p className="text-sm font-semibold">{item.title}</p>
      {item.description && <p className="mt-1 text-sm opacity-90">{item.description}</p>}
      {item.action && (
        <a href={item.action.href} target="_blank" rel="noopener" className="mt-2 inline-block text-sm font-semibold underline">
          {item.action.label}
        </a>
      )}
      <button
        type="button"
        aria-label="Close notification"
        className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100"
        onClick={() => dismissToast(item.id)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M18 6 6 18M6 6l12 12" />
        </svg>
      </button>
    </div>
  );
}

/** The toast viewport: one toast at a time, 5 s each, swipe right to dismiss, F8 focuses it. */
export default function Toaster() {
  const toasts = useStore($toasts);
  const viewport = useRef<HTMLDivElement>(null);

  useEffect(showFlashToast, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === TOAST.hotkey) viewport.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section aria-label={`Notifications (${TOAST.hotkey})`} className="pointer-events-none fixed bottom-0 right-0 z-[100] w-full p-4 sm:max-w-sm">
      <div ref={viewport} tabIndex={-1} className="flex flex-col gap-2 outline-none" data-testid="toast-viewport">
        {toasts.map((t) => <ToastItem key={t.id} item={t} />)}
      </div>
    </section>
  );
}
