import { type ComponentType, createElement, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { enhancePage } from "./islands/enhancements";
import { ISLANDS } from "./islands/registry";

// No router runs in the browser: every page is server HTML, and only the islands marked in it
// are hydrated (see app/islands/). Links between pages are ordinary page loads.
enhancePage();

if (import.meta.hot) {
  // React Router's refresh runtime revalidates its data router before every hot update, and
  // there is no router in the browser here: give it one that has nothing to revalidate, so
  // an edited island still refreshes in place.
  const w = window as unknown as { __reactRouterDataRouter?: unknown };
  w.__reactRouterDataRouter ??= {
    revalidate: async () => {},
    createRoutesForHMR: () => [],
    _internalSetRoutes: () => {},
  };
}

// As a transition, hydration is cut into short slices that give way to the visitor's taps
// and scrolls, instead of one long task; React still hydrates an island at once when someone
// clicks or types in it.
startTransition(() => {
  for (const container of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = container.dataset.island ?? "";
    const Component = (ISLANDS as Record<string, ComponentType<object>>)[name];
    if (!Component) {
      console.error("No island component named", name);
      continue;
    }
    hydrateRoot(container, createElement(Component, JSON.parse(container.dataset.props ?? "{}")));
  }
});
