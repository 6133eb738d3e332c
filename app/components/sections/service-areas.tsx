import { Building2, ExternalLink, MapPin } from "lucide-react";
import type { SERVICE_AREAS_SECTION } from "~/content/landing-copy";
import { Island } from "~/islands/island";
import { Section, type SectionBaseProps, SectionHeading } from "./section-shell";

interface ServiceAreasProps extends SectionBaseProps {
  copy: typeof SERVICE_AREAS_SECTION;
  areas: readonly string[];
}

export function ServiceAreas({ tone, copy, areas }: ServiceAreasProps) {
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
          <Island name="map-facade" props={{ map }} />
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
