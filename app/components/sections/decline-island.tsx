import { DIALOG_CLOSE_LABEL } from "~/content/landing-copy";
import { Island, type PropsOf } from "~/islands/island";

/** The jokey "no thanks" button and its dialog, placed as an island. */
export function DeclineIsland(props: Omit<PropsOf<"decline-dialog">, "dismissLabel">) {
  return <Island name="decline-dialog" props={{ ...props, dismissLabel: DIALOG_CLOSE_LABEL }} />;
}
