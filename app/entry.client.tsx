import { enhancePage } from "./islands/enhancements";
import { startIslands } from "./islands/wake";

// No router runs in the browser: every page is server HTML, and each island marked in it
// wakes (loads its code and hydrates) only when the visitor reaches for it; react-dom itself
// loads with the first island woken. This module is what every page runs: page-wide
// listeners and the runtime that wakes islands (see app/islands/).
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

startIslands();
