import { DIALOG_CLOSE_LABEL } from "~/content/landing-copy";
import { Island } from "~/islands/island";
import type { DeclineDialogProps } from "./decline-dialog";

/** The jokey "no thanks" button and its dialog, placed as an island. */
export function DeclineIsland(props: Omit<DeclineDialogProps, "dismissLabel">) {
  return <Island name="decline-dialog" props={{ ...props, dismissLabel: DIALOG_CLOSE_LABEL }} />;
}
