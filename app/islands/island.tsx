import type { ComponentProps, ComponentType } from "react";
import { ISLANDS, type IslandName, NATIVE_ISLANDS } from "./registry";

const COMPONENTS = { ...ISLANDS, ...NATIVE_ISLANDS };

/** What an island takes, for the sections that place it (they never import its component). */
export type PropsOf<N extends IslandName> = ComponentProps<(typeof COMPONENTS)[N]>;

interface IslandProps<N extends IslandName> {
  name: N;
  props: PropsOf<N>;
}

/**
 * Renders an island's HTML on the server inside a marker that tells the browser which
 * component to wake there, and with what props, once the visitor reaches for it
 * (app/islands/wake.ts). `display: contents` keeps the marker out of the layout, so an island
 * sits in a flex row or grid like any other child. A native island is its HTML alone.
 */
export function Island<N extends IslandName>({ name, props }: IslandProps<N>) {
  const Component = COMPONENTS[name] as ComponentType<object>;
  if (name in NATIVE_ISLANDS) return <Component {...(props as object)} />;
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...(props as object)} />
    </div>
  );
}
