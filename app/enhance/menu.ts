/**
 * The header's mobile menu (markup in components/site-header.tsx): the toggle opens and closes it;
 * Escape, a chosen link or a step through history closes it. Runs on every page, with React or
 * without; returns a function that removes the listeners.
 */
export function enhanceMenu(): () => void {
  const toggle = document.querySelector<HTMLButtonElement>("[data-menu-toggle]");
  const menu = toggle && document.getElementById(toggle.getAttribute("aria-controls") ?? "");
  if (!toggle || !menu) return () => {};
  const listeners = new AbortController();
  const { signal } = listeners;
  const setOpen = (open: boolean) => {
    toggle.setAttribute("aria-expanded", String(open));
    menu.hidden = !open;
  };
  toggle.addEventListener("click", () => setOpen(toggle.ariaExpanded !== "true"), { signal });
  menu.addEventListener(
    "click",
    (event) => {
      if ((event.target as Element).closest("a")) setOpen(false);
    },
    { signal },
  );
  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape" || menu.hidden) return;
      setOpen(false);
      toggle.focus();
    },
    { signal },
  );
  window.addEventListener("popstate", () => setOpen(false), { signal });
  return () => listeners.abort();
}

/** Tells the CSS that scripts run: `.js-only` controls show from then on (app.css). */
export function markScripted() {
  document.documentElement.dataset.js = "";
}
