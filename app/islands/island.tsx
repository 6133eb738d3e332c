import type { ComponentProps, ComponentType } from "react";
import { ISLANDS, type IslandName } from "./registry";

/** What an island takes, for the sections that place it (they never import its component). */
export type PropsOf<N extends IslandName> = ComponentProps<(typeof ISLANDS)[N]>;

interface IslandProps<N extends IslandName> {
  name: N;
  props: PropsOf<N>;
}

/**
 * Renders an island's HTML on the server inside a marker that tells the browser which
 * component to hydrate there and with what props. `display: contents` keeps the marker out of
 * the layout, so an island sits in a flex row or grid like any other child.
 */
export function Island<N extends IslandName>({ name, props }: IslandProps<N>) {
  const Component = ISLANDS[name] as ComponentType<object>;
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...(props as object)} />
    </div>
  );
}
