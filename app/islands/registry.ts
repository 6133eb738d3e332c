import { ConsoleNote } from "./console-note";
import { DeclineDialog } from "./decline-dialog";
import { MapFacade } from "./map-facade";
import { NoticeRegion } from "./notices";
import { QuoteConversion } from "./quote-conversion";
import { QuoteForm } from "./quote-form";
import { ServicesToggle } from "./services-toggle";

/**
 * Every component that runs in the browser. The rest of each page is HTML only: it ships no
 * JavaScript and is never hydrated. Props cross from server to browser as JSON, so they must
 * be plain data.
 */
export const ISLANDS = {
  "quote-form": QuoteForm,
  "decline-dialog": DeclineDialog,
  "services-toggle": ServicesToggle,
  "map-facade": MapFacade,
  notices: NoticeRegion,
  "console-note": ConsoleNote,
  "quote-conversion": QuoteConversion,
} as const;

export type IslandName = keyof typeof ISLANDS;
