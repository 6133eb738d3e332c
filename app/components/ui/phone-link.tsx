import type { AnchorHTMLAttributes } from "react";
import { BUSINESS } from "~/content/business";
import { type ButtonSize, type ButtonVariant, buttonClassName } from "./button";
import { RowEnd } from "./row-end";

type PhoneLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** Render as a button of this variant; omit for a plain inline link. */
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/**
 * Every tel: link on the site. Conversion tracking listens for clicks on tel: links page-wide
 * (app/islands/enhancements.ts), so these work as plain HTML.
 */
export function PhoneLink({ variant, size, className, children, ...rest }: PhoneLinkProps) {
  const href = BUSINESS.phoneHref;
  return (
    <a
      href={href}
      data-assembled={variant ? true : undefined}
      className={variant ? buttonClassName({ variant, size, className }) : className}
      {...rest}
    >
      {children ?? BUSINESS.phone}
      {variant && <RowEnd />}
    </a>
  );
}
