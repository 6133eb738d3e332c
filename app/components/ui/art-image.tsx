import type { Illustration } from "~/content/landing-copy";

/**
 * Our SVG artwork below the fold: its intrinsic size reserves the space (no layout shift),
 * and it is fetched only as it nears the screen.
 */
export function ArtImage({ image, className }: { image: Illustration; className: string }) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
