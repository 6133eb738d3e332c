import type { GalleryImage, SectionHeadingCopy } from "~/content/landing-copy";
import { ArtImage } from "../ui/art-image";
import { Section, type SectionBaseProps, SectionHeading } from "./section-shell";

interface GalleryProps extends SectionBaseProps {
  heading: SectionHeadingCopy;
  images: readonly GalleryImage[];
}

export function Gallery({ tone, heading, images }: GalleryProps) {
  return (
    <Section id="gallery" titleId="gallery-title" tone={tone}>
      <SectionHeading id="gallery-title" copy={heading} />
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-12">
        {images.map((item, index) => (
          <li
            key={item.title}
            // Seven tiles in whole rows: one wide then pairs on tablets; three then four on desktop.
            className={`${index === 0 ? "sm:col-span-2" : ""} ${index < 3 ? "lg:col-span-4" : "lg:col-span-3"}`}
          >
            <figure className="h-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <ArtImage
                image={item.image}
                className="aspect-[3/2] h-auto w-full bg-sand object-cover"
              />
              <figcaption className="px-4 py-3 text-sm text-ink-soft">
                <span className="font-bold text-ink">{item.title}.</span> {item.caption}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
