import { ChevronDown } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";

export interface ServicesToggleProps {
  /** The list whose entries past `initial` hide and show. */
  listId: string;
  initial: number;
  labels: { more: string; less: string };
}

/**
 * 'See More' / 'Show Less'. The list itself is server HTML (its extras carry `hidden`), so the
 * island is only this button, which flips `hidden` on the extras.
 */
export function ServicesToggle({ listId, initial, labels }: ServicesToggleProps) {
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    const items = document.getElementById(listId)?.children ?? [];
    for (const [index, item] of [...items].entries()) {
      if (index >= initial) (item as HTMLElement).hidden = !expanded;
    }
  }, [expanded, listId, initial]);

  return (
    <Button
      variant="outline"
      size="lg"
      aria-expanded={expanded}
      aria-controls={listId}
      onClick={() => setExpanded((value) => !value)}
    >
      {expanded ? labels.less : labels.more}
      <ChevronDown
        aria-hidden="true"
        className={`size-5 transition-transform ${expanded ? "rotate-180" : ""}`}
      />
    </Button>
  );
}
