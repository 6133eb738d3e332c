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

/** Page-wide behaviours that need no component: plain listeners on the server's HTML. */
export function enhancePage(): void {
  trackPhoneClicks();
  closeMenuOnChoice();
  markScrolledHeader();
}
