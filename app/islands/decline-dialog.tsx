import { useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
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

/** The jokey "no thanks" button and the dialog it opens. */
export function DeclineDialog({
  id,
  copy,
  dismissLabel,
  role = "dialog",
  variant = "outline",
  size = "lg",
  className,
}: DeclineDialogProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {copy.trigger}
      </Button>
      <Dialog
        id={id}
        open={open}
        onClose={close}
        title={copy.title}
        description={<p>{copy.body}</p>}
        role={role}
        closeLabel={dismissLabel}
      >
        <Button variant="cta" size="lg" className="w-full sm:w-auto" onClick={close}>
          {copy.closeLabel}
        </Button>
      </Dialog>
    </>
  );
}
