// The toast viewport in the browser (site/components/layout/Toaster.astro): shows the toasts of the
// store (site/stores/toasts.ts) that islands and scripts push to, each from the markup's template,
// without a React island, so that a page which only uses the layout ships no framework.
import { TOAST } from "../../shared/constants.ts";
import { $toasts, dismissToast, showFlashToast, type Toast } from "../stores/toasts.ts";

const VARIANT_CLASSES: Record<NonNullable<Toast["variant"]>, string[]> = {
  default: ["border-slate-200", "bg-white", "text-slate-900"],
  success: ["border-green-300", "bg-green-50", "text-green-900"],
  destructive: ["border-red-300", "bg-red-600", "text-white"],
};

/** Each toast element's timer stop, for when the toast leaves the store before its time. */
const stops = new WeakMap<HTMLElement, () => void>();

/** One toast's element: dismissed after its time, which pauses while the pointer is on it; a swipe right dismisses it. */
function toastElement(template: HTMLTemplateElement, item: Toast): HTMLElement {
  const el = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  const variant = item.variant ?? "default";
  el.setAttribute("aria-live", variant === "destructive" ? "assertive" : "polite");
  el.classList.add(...VARIANT_CLASSES[variant]);
  el.querySelector("[data-toast-title]")!.textContent = item.title;
  const description = el.querySelector<HTMLElement>("[data-toast-description]")!;
  if (item.description) description.textContent = item.description;
  else description.remove();
  const action = el.querySelector<HTMLAnchorElement>("[data-toast-action]")!;
  if (item.action) {
    action.href = item.action.href;
    action.textContent = item.action.label;
  } else action.remove();
  const button = el.querySelector<HTMLButtonElement>("[data-toast-button]")!;
  if (item.button) {
    const { onClick } = item.button;
    button.textContent = item.button.label;
    button.addEventListener("click", () => {
      dismissToast(item.id);
      onClick();
    });
  } else button.remove();
  el.querySelector("[data-toast-close]")!.addEventListener("click", () => dismissToast(item.id));

  let timer: ReturnType<typeof setTimeout> | undefined;
  const pause = () => clearTimeout(timer);
  const run = () => {
    pause();
    timer = setTimeout(() => dismissToast(item.id), item.durationMs);
  };
  let start: number | null = null;
  let offset = 0;
  const slide = (px: number) => {
    offset = px;
    el.style.transform = `translateX(${px}px)`;
  };
  const release = () => {
    start = null;
    slide(0);
    run();
  };
  el.addEventListener("mouseenter", pause);
  el.addEventListener("mouseleave", run);
  el.addEventListener("pointerdown", (e) => {
    start = e.clientX;
    pause();
  });
  el.addEventListener("pointermove", (e) => {
    if (start !== null) slide(Math.max(0, e.clientX - start));
  });
  el.addEventListener("pointerup", () => {
    // Swiping right past the threshold dismisses the toast (§9).
    if (offset > TOAST.swipeThresholdPx) dismissToast(item.id);
    release();
  });
  el.addEventListener("pointercancel", release);
  slide(0);
  run();
  stops.set(el, pause);
  return el;
}

/** Keeps the viewport showing the store's toasts, in its order; shows the toast the previous page left. */
export function startToaster(
  viewport: HTMLElement = document.getElementById("toast-viewport")!,
  template = document.getElementById("toast-template") as HTMLTemplateElement,
): void {
  const shown = new Map<number, HTMLElement>();
  $toasts.subscribe((toasts) => {
    const ids = new Set(toasts.map((t) => t.id));
    for (const [id, el] of shown) {
      if (ids.has(id)) continue;
      stops.get(el)?.();
      el.remove();
      shown.delete(id);
    }
    toasts.forEach((item, i) => {
      let el = shown.get(item.id);
      if (!el) shown.set(item.id, el = toastElement(template, item));
      if (viewport.children[i] !== el) viewport.insertBefore(el, viewport.children[i] ?? null);
    });
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === TOAST.hotkey) viewport.focus();
  });
  showFlashToast();
  viewport.dataset.ready = "true";
}
