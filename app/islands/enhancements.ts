import { reportPhoneClick } from "~/lib/tracking";

/** The spec's scroll threshold; we use it only for a subtle shadow under the top bar. */
const SCROLLED_PX = 50;

/** One listener for every tel: link, so links in plain HTML are tracked too. */
function trackPhoneClicks() {
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href^='tel:']") : null;
    const href = link?.getAttribute("href");
    if (href) reportPhoneClick(event, href);
  });
}

/** The phone menu is a native popover; choosing a link in it should also put it away. */
function closeMenuOnChoice() {
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element)) return;
    const menu = event.target.closest<HTMLElement>("[popover]");
    if (menu && event.target.closest("a") && menu.matches(":popover-open")) menu.hidePopover();
  });
}

function markScrolledHeader() {
  const header = document.querySelector<HTMLElement>("header[data-scrolled]");
  if (!header) return;
  const update = () => {
    header.dataset.scrolled = String(window.scrollY > SCROLLED_PX);
  };
  update();
  window.addEventListener("scroll", update, { passive: true });
}

/**
 * A native modal makes the page behind it inert, but Tab still leaves it for the browser's
 * own toolbar: keep focus cycling inside whichever dialog is open.
 */
function keepTabInDialogs() {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const dialog = document.querySelector<HTMLDialogElement>("dialog:modal");
    if (!dialog) return;
    const focusable = [
      ...dialog.querySelectorAll<HTMLElement>(
        'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])',
      ),
    ];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    const outside = !(active instanceof Node) || !dialog.contains(active);
    if (event.shiftKey && (outside || active === first)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (outside || active === last)) {
      event.preventDefault();
      first.focus();
    }
  });
}

/** Page-wide behaviours that need no component: plain listeners on the server's HTML. */
export function enhancePage(): void {
  trackPhoneClicks();
  closeMenuOnChoice();
  markScrolledHeader();
  keepTabInDialogs();
}
