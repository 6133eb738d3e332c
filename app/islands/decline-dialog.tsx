import { X } from "lucide-react";
import { Button, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import type { JokeDialogCopy } from "~/content/landing-copy";

export interface DeclineDialogProps {
  /** Unique on the page: the dialog's ids derive from it. */
  id: string;
  copy: JokeDialogCopy;
  /** Accessible name of the ✕ in the corner. */
  dismissLabel: string;
  role?: "dialog" | "alertdialog";
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/**
 * The jokey "no thanks" button and the dialog it opens, all native HTML, so it answers the
 * first tap whether or not any script has arrived: the button opens the <dialog> as a modal
 * by Invoker Commands (`command="show-modal"`), which gives the backdrop, the inert page
 * behind and focus moved in; `closedby="any"` closes it on Escape or a click on the backdrop;
 * the browser puts focus back on the button when it closes. The one thing HTML lacks, keeping
 * Tab inside the dialog, is a page-wide listener (./enhancements.ts).
 */
export function DeclineDialog({
  id,
  copy,
  dismissLabel,
  role = "dialog",
  variant = "outline",
  size = "lg",
  className,
}: DeclineDialogProps) {
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        command="show-modal"
        commandfor={id}
      >
        {copy.trigger}
      </Button>
      <dialog
        id={id}
        closedby="any"
        role={role === "alertdialog" ? "alertdialog" : undefined}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 text-left text-ink shadow-2xl"
      >
        <div className="relative p-6 sm:p-8">
          <h2 id={titleId} className="pr-12 text-2xl font-extrabold tracking-tight text-ink">
            {copy.title}
          </h2>
          <div id={descriptionId} className="mt-3 text-base leading-relaxed text-ink-soft">
            <p>{copy.body}</p>
          </div>
          <div className="mt-6">
            <Button
              variant="cta"
              size="lg"
              className="w-full sm:w-auto"
              command="close"
              commandfor={id}
            >
              {copy.closeLabel}
            </Button>
          </div>
          {/* Last in the DOM so showModal() focuses the dialog's own action first. */}
          <button
            type="button"
            command="close"
            commandfor={id}
            className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-ink-soft hover:bg-cream hover:text-ink"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{dismissLabel}</span>
          </button>
        </div>
      </dialog>
    </>
  );
}
