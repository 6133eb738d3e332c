// Loaded with the first island woken, never at page load: React and react-dom come with it.
import { type ComponentType, createElement, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

/** Tells the caller once React has committed the island, so its handlers answer. */
function Committed({ onCommit, children }: { onCommit: () => void; children?: ReactNode }) {
  useEffect(() => onCommit(), [onCommit]);
  return children;
}

/** Hydrates one island's server HTML; resolves once its handlers and effects are in place. */
export function hydrateIsland(
  container: HTMLElement,
  Component: ComponentType<object>,
  props: object,
): Promise<void> {
  return new Promise((committed) => {
    hydrateRoot(
      container,
      createElement(Committed, { onCommit: () => committed() }, createElement(Component, props)),
    );
  });
}
