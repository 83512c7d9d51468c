import { TIMING } from "#app/content/site.ts";

/**
 * A notice in the page's corner for the pages that ship without React (sonner needs React): same
 * place and duration as the store's other toasts, announced politely; `durationMs` for a notice
 * that stays longer (the success page's "copied").
 */
export function showToast(title: string, description?: string, durationMs: number = TIMING.toastMs) {
  let region = document.getElementById("page-toasts");
  if (!region) {
    region = document.createElement("div");
    region.id = "page-toasts";
    region.setAttribute("role", "status");
    region.className = "fixed top-4 right-4 z-50 flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2";
    document.body.append(region);
  }
  const toast = document.createElement("div");
  toast.className = "rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-lg";
  const heading = document.createElement("p");
  heading.className = "font-semibold text-slate-900";
  heading.textContent = title;
  toast.append(heading);
  if (description) {
    const text = document.createElement("p");
    text.className = "mt-1 text-slate-600";
    text.textContent = description;
    toast.append(text);
  }
  region.append(toast);
  while (region.children.length > TIMING.maxToasts) region.firstElementChild?.remove();
  setTimeout(() => toast.remove(), durationMs);
}
