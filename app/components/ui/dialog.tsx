import { X } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";

interface DialogProps {
  /** Prefix for the title and description ids; unique on the page (islands cannot use useId). */
  id: string;
  open: boolean;
  /** Called when the visitor asks to close: Escape, a backdrop click or the close control. */
  onClose: () => void;
  title: string;
  /** Announced with the title when the dialog opens (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** "alertdialog" for a dialog that interrupts to demand a response. */
  role?: "dialog" | "alertdialog";
  /** Accessible name of the ✕ close control in the corner. */
  closeLabel: string;
}

/**
 * A modal on the native <dialog> element: showModal() gives the backdrop, the focus trap and
 * the inert page behind it. Escape, a click on the backdrop and the close control all ask the
 * parent to close it, and focus then goes back to whatever opened it.
 */
export function Dialog({
  id,
  open,
  onClose,
  title,
  description,
  children,
  role = "dialog",
  closeLabel,
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const active = document.activeElement;
      openerRef.current = active instanceof HTMLElement ? active : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    // The backdrop click is a pointer convenience; Escape and the close control cover keyboards.
    <dialog
      ref={dialogRef}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 text-left text-ink shadow-2xl"
      onCancel={(event) => {
        // Escape: the parent's state decides, so it stays the single source of truth.
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        // Fires after every close, including one the browser forces (a second Escape).
        const opener = openerRef.current;
        openerRef.current = null;
        if (opener?.isConnected) opener.focus();
        if (open) onClose();
      }}
      onClick={(event) => {
        // The card fills the dialog box, so only a backdrop click targets <dialog> itself.
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        // A native modal lets Tab escape to the browser's own toolbar; keep it in the dialog.
        if (event.key !== "Tab") return;
        const focusable = [
          ...event.currentTarget.querySelectorAll<HTMLElement>(
            'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])',
          ),
        ];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
    >
      <div className="relative p-6 sm:p-8">
        <h2 id={titleId} className="pr-12 text-2xl font-extrabold tracking-tight text-ink">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="mt-3 text-base leading-relaxed text-ink-soft">
            {description}
          </div>
        ) : null}
        {children ? <div className="mt-6">{children}</div> : null}
        {/* Last in the DOM so showModal() focuses the dialog's own action first. */}
        <button
          type="button"
          onClick={onClose}
          className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-ink-soft hover:bg-cream hover:text-ink"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">{closeLabel}</span>
        </button>
      </div>
    </dialog>
  );
}
