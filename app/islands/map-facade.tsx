import { Map as MapIcon } from "lucide-react";
import { useState } from "react";
import { ArtImage } from "~/components/ui/art-image";
import { Button } from "~/components/ui/button";
import type { SERVICE_AREAS_SECTION } from "~/content/landing-copy";

/**
 * The map is a click-to-load facade: until the visitor asks for it, only our own image is
 * shown, so no request reaches OpenStreetMap (privacy, and no third-party weight on load).
 */
export function MapFacade({ map }: { map: (typeof SERVICE_AREAS_SECTION)["map"] }) {
  const [showMap, setShowMap] = useState(false);
  return (
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
          <ArtImage image={map.image} className="block aspect-[3/2] h-auto w-full bg-sky" />
          {/* The ink colour (#0f2a3d) fading out, written as a plain sRGB gradient: Tailwind's
              oklab one sits behind an @supports test the HTML checker cannot parse. */}
          <div className="absolute inset-x-0 bottom-0 flex flex-col items-center gap-1 bg-[linear-gradient(to_top,rgb(15_42_61/0.85),transparent)] px-4 pt-10 pb-4">
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
  );
}
