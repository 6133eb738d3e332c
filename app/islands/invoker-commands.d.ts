// Invoker Commands (HTML's `command` and `commandfor`), which open and close our dialogs with
// no script at all. @types/react doesn't list them yet; React passes lowercase attributes on.
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> {
    /** What the button asks of the element named by `commandfor`. */
    command?: "show-modal" | "close" | "request-close" | `--${string}`;
    /** The id of the element the command is for. */
    commandfor?: string;
  }
}
