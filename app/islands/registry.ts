import { QuoteForm } from "~/components/quote-form";
import { DeclineDialog } from "~/components/sections/decline-dialog";
import { MapFacade } from "~/components/sections/map-facade";
import { ServicesToggle } from "~/components/sections/services-toggle";
import { NoticeRegion } from "~/components/ui/notice";
import { ConsoleNote } from "./console-note";
import { QuoteConversion } from "./quote-conversion";

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
