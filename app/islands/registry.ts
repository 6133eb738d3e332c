import { ConsoleNote } from "./console-note";
import { DeclineDialog } from "./decline-dialog";
import { MapFacade } from "./map-facade";
import { NoticeRegion } from "./notices";
import { QuoteConversion } from "./quote-conversion";
import { QuoteForm } from "./quote-form";
import { ServicesToggle } from "./services-toggle";

/**
 * Every component with code that can run in the browser, as the server renders it. The rest
 * of each page is HTML only: it ships no JavaScript and is never hydrated. Props cross from
 * server to browser as JSON, so they must be plain data. What each one's browser code is, and
 * when it loads, is in ./wake.ts (docs/decisions/011-hydration-on-demand.md).
 */
export const ISLANDS = {
  "quote-form": QuoteForm,
  "services-toggle": ServicesToggle,
  "map-facade": MapFacade,
  notices: NoticeRegion,
  "console-note": ConsoleNote,
  "quote-conversion": QuoteConversion,
} as const;

/**
 * Placed like islands, but the browser's own HTML does all their work (a <dialog> opened and
 * closed by Invoker Commands): no marker, no props in the page, no code to load.
 */
export const NATIVE_ISLANDS = {
  "decline-dialog": DeclineDialog,
} as const;

export type HydratedIslandName = keyof typeof ISLANDS;
export type IslandName = HydratedIslandName | keyof typeof NATIVE_ISLANDS;
