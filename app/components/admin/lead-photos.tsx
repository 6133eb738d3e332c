// The photos a customer sent with a lead: thumbnails that open the full photo. On a spam lead
// they stay folded away until the owner asks (a bot's "photos" can be anything).

export interface LeadPhotoView {
  token: string;
  width: number;
  height: number;
}

const photoUrl = (token: string, thumb = false) =>
  `/admin/photos/${token}${thumb ? "?size=thumb" : ""}`;

function Thumbnails({ photos }: { photos: LeadPhotoView[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-3">
      {photos.map((photo, index) => {
        // The thumbnail's box, from the stored size: nothing moves as they load.
        const scale = 160 / Math.max(photo.width, photo.height);
        return (
          <li key={photo.token}>
            <a
              href={photoUrl(photo.token)}
              target="_blank"
              rel="noopener"
              className="block rounded-lg border-2 border-slate-300 focus:border-ink"
            >
              <img
                src={photoUrl(photo.token, true)}
                width={Math.round(photo.width * scale)}
                height={Math.round(photo.height * scale)}
                loading="lazy"
                alt={`${index + 1} of ${photos.length}, opens full size`}
                className="block rounded-md"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export function LeadPhotos({ photos, spam }: { photos: LeadPhotoView[]; spam: boolean }) {
  if (photos.length === 0) return null;
  const count = `${photos.length} ${photos.length === 1 ? "photo" : "photos"}`;
  return (
    <section aria-labelledby="photos-heading" className="mt-6">
      <h2 id="photos-heading" className="text-xl font-bold">
        Photos
      </h2>
      {spam ? (
        <details className="mt-2">
          <summary className="inline-flex min-h-12 cursor-pointer items-center font-semibold underline">
            Show the {count} sent with this spam
          </summary>
          <Thumbnails photos={photos} />
        </details>
      ) : (
        <Thumbnails photos={photos} />
      )}
    </section>
  );
}
