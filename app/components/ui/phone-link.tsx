import type { AnchorHTMLAttributes } from "react";
import { BUSINESS } from "~/content/business";
import { reportPhoneClick } from "~/lib/tracking";
import { type ButtonSize, type ButtonVariant, buttonClassName } from "./button";

type PhoneLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** Render as a button of this variant; omit for a plain inline link. */
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/** Every tel: link on the site goes through here so conversion tracking is never missed. */
export function PhoneLink({
  variant,
  size,
  className,
  children,
  onClick,
  ...rest
}: PhoneLinkProps) {
  const href = BUSINESS.phoneHref;
  return (
    <a
      href={href}
      className={variant ? buttonClassName({ variant, size, className }) : className}
      onClick={(event) => {
        onClick?.(event);
        reportPhoneClick(event, href);
      }}
      {...rest}
    >
      {children ?? BUSINESS.phone}
    </a>
  );
}
