import { Building2, ExternalLink, Map as MapIcon, MapPin } from "lucide-react";
import { useState } from "react";
import type { SERVICE_AREAS_SECTION } from "~/content/landing-copy";
import { Button } from "../ui/button";
import { Section, type SectionBaseProps, SectionHeading } from "./section-shell";

interface ServiceAreasProps extends SectionBaseProps {
  copy: typeof SERVICE_AREAS_SECTION;
  areas: readonly string[];
}

/**
 * The map is a click-to-load facade: until the visitor asks for it, only our own image is
 * shown, so no request reaches OpenStreetMap (privacy, and no third-party weight on load).
 */
export function ServiceAreas({ tone, copy, areas }: ServiceAreasProps) {
  const [showMap, setShowMap] = useState(false);
  const { map } = copy;
  return (
    <Section id="service-areas" titleId="service-areas-title" tone={tone}>
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div>
          <SectionHeading id="service-areas-title" copy={copy} align="start" />
          <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-ink px-4 py-2 font-bold text-white">
            <Building2 aria-hidden="true" className="size-5" />
            {copy.base}
          </p>
          <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
            {areas.map((area) => (
              <li key={area} className="flex items-center gap-2 font-medium text-ink">
                <MapPin aria-hidden="true" className="size-4 shrink-0 text-action-dark" />
                {area}
              </li>
            ))}
            <li className="col-span-full flex items-center gap-2 font-bold text-ink">
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-action-dark" />
              {copy.allSuburbs}
            </li>
          </ul>
        </div>

        <div>
          <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            {showMap ? (
              <iframe
                title={map.iframeTitle}
                src={map.iframeSrc}
                loading="lazy"
                width={map.image.width}
                height={map.image.height}
                className="block aspect-[3/2] h-auto w-full border-0"
              />
            ) : (
              <div className="relative">
                <img
                  src={map.image.src}
                  alt={map.image.alt}
                  width={map.image.width}
                  height={map.image.height}
                  loading="lazy"
                  decoding="async"
                  className="block aspect-[3/2] h-auto w-full bg-sky"
                />
                <div className="absolute inset-x-0 bottom-0 flex flex-col items-center gap-1 bg-linear-to-t from-ink/85 to-transparent px-4 pt-10 pb-4">
                  <Button variant="default" onClick={() => setShowMap(true)} className="shadow-lg">
                    <MapIcon aria-hidden="true" className="size-5" />
                    {map.showLabel}
                  </Button>
                  {/* A solid backing: the gradient above fades out over a light map. */}
                  <p className="rounded-md bg-ink px-2 py-0.5 text-sm font-medium text-white">
                    {map.notice}
                  </p>
                </div>
              </div>
            )}
          </div>
          <p className="mt-3 text-center">
            <a
              href={map.linkHref}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-1.5 rounded-sm font-semibold text-action-dark underline underline-offset-4 hover:text-ink"
            >
              {map.linkLabel}
              <ExternalLink aria-hidden="true" className="size-4" />
            </a>
          </p>
        </div>
      </div>
    </Section>
  );
}
