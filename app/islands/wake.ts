// The islands' browser runtime: wakes each island when the visitor reaches for it, and plays
// back the tap that woke it. The inline bootstrap (./bootstrap.ts) catches those first events,
// even before this module arrives, and hands them over (docs/decisions/011-hydration-on-demand.md).
import type { ComponentType } from "react";
import type { HydratedIslandName } from "./registry";

/** One event the bootstrap caught on an island that was not awake yet. */
export interface IslandEvent {
  container: HTMLElement;
  target: Element;
  /** "click" and "submit" were held back and are played again once awake; "wake" only wakes. */
  type: "click" | "submit" | "wake";
}

/** What the bootstrap and this runtime share on `window` (the bootstrap creates it). */
export interface IslandHub {
  queue: IslandEvent[];
  wake?: (event: IslandEvent) => void;
}

declare global {
  interface Window {
    __islands?: IslandHub;
  }
}

/** data-island-state on the marker: absent while asleep. The bootstrap reads it too. */
export type IslandState = "loading" | "awake" | "failed";

interface Hydrated {
  kind: "hydrate";
  load: () => Promise<ComponentType<object>>;
  /** Islands to wake at the same time (the form's notices show in the notice region's root). */
  with?: readonly HydratedIslandName[];
}
interface Effect {
  /** No component in the browser: a function that runs once the runtime is up. */
  kind: "effect";
  load: () => Promise<(props: never) => void>;
}

// One dynamic import per island: each is its own chunk, so the joke of one island never
// loads another's code, and react-dom loads with the first island woken, not before.
const ISLAND_CODE: Record<HydratedIslandName, Hydrated | Effect> = {
  "quote-form": {
    kind: "hydrate",
    load: () => import("./quote-form").then((m) => m.QuoteForm as ComponentType<object>),
    with: ["notices"],
  },
  "services-toggle": {
    kind: "hydrate",
    load: () => import("./services-toggle").then((m) => m.ServicesToggle as ComponentType<object>),
  },
  "map-facade": {
    kind: "hydrate",
    load: () => import("./map-facade").then((m) => m.MapFacade as ComponentType<object>),
  },
  notices: {
    kind: "hydrate",
    load: () => import("./notices").then((m) => m.NoticeRegion as ComponentType<object>),
  },
  "console-note": { kind: "effect", load: () => import("./console-note").then((m) => m.logNote) },
  "quote-conversion": {
    kind: "effect",
    load: () => import("./quote-conversion").then((m) => m.reportConversion),
  },
};

const stateOf = (container: HTMLElement) =>
  container.dataset.islandState as IslandState | undefined;
const setState = (container: HTMLElement, state: IslandState) => {
  container.dataset.islandState = state;
};

const codeOf = (container: HTMLElement) =>
  (ISLAND_CODE as Record<string, Hydrated | Effect | undefined>)[container.dataset.island ?? ""];

/** The first held-back activation per island: a second tap while loading is not played twice. */
const held = new Map<HTMLElement, IslandEvent>();

function propsOf(container: HTMLElement): object {
  return JSON.parse(container.dataset.props ?? "{}");
}

async function hydrate(container: HTMLElement, code: Hydrated): Promise<void> {
  for (const name of code.with ?? []) {
    for (const other of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
      void wake(other);
    }
  }
  const [{ hydrateIsland }, Component] = await Promise.all([import("./hydrate"), code.load()]);
  await hydrateIsland(container, Component, propsOf(container));
}

async function wake(container: HTMLElement): Promise<void> {
  if (stateOf(container)) return;
  setState(container, "loading");
  const code = codeOf(container);
  try {
    if (!code) throw new Error("no such island");
    if (code.kind === "effect") (await code.load())(propsOf(container) as never);
    else await hydrate(container, code);
    setState(container, "awake");
  } catch (error) {
    // The server's HTML still works without the island: the held tap gets its native effect
    // (a form posts the plain way).
    console.error("Island failed to wake:", container.dataset.island, error);
    setState(container, "failed");
  }
  playBack(container);
}

function playBack(container: HTMLElement) {
  const event = held.get(container);
  held.delete(container);
  if (!event?.target.isConnected) return;
  if (event.type === "submit" && event.target instanceof HTMLFormElement) {
    event.target.requestSubmit();
  } else if (event.type === "click") {
    // Dispatched where the tap landed (an icon inside a button, say), so it bubbles as the
    // real one did and the button's default action runs too.
    event.target.dispatchEvent(
      new MouseEvent("click", { bubbles: true, cancelable: true, composed: true, detail: 1 }),
    );
  }
}

function handle(event: IslandEvent) {
  if (event.type !== "wake" && !held.has(event.container)) held.set(event.container, event);
  const state = stateOf(event.container);
  if (!state) void wake(event.container);
  else if (state !== "loading") playBack(event.container);
}

/**
 * Takes over from the bootstrap: plays what it caught while this module loaded, answers
 * what it catches from now on, and runs the islands that only do something once (the 404's
 * console note, the thank-you page's conversion), which the visitor asked for by arriving.
 */
export function startIslands(): void {
  window.__islands ??= { queue: [] };
  const hub = window.__islands;
  hub.wake = handle;
  for (const event of hub.queue.splice(0)) handle(event);
  for (const container of document.querySelectorAll<HTMLElement>("[data-island]")) {
    if (codeOf(container)?.kind === "effect") void wake(container);
  }
  document.documentElement.dataset.islands = "ready";
}
