// The quote form's photos: a plain <input type="file" multiple> that works before (and
// without) JavaScript; once awake, small previews, a button to remove each, the limits checked
// as photos are chosen, and the upload sent with progress.
import { ImagePlus, X } from "lucide-react";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import {
  checkPhotoSizes,
  megabytes,
  PHOTO_ACCEPT,
  PHOTO_FIELD,
  PHOTO_LIMITS,
  photoProblemMessage,
} from "~/lib/photo-limits";

const INPUT_ID = "quote-photos";
const PREVIEW_EDGE = 160;
/** A phone on a slow uplink sends 50 MB in minutes, not seconds. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

interface Chosen {
  file: File;
  /** A small data: URL (the page's CSP allows data: images, not blob:), or null if unreadable. */
  preview: string | null;
  key: number;
}

/** The photos the form will send: whatever its file input holds now. */
export function chosenPhotos(form: HTMLFormElement): File[] {
  const input = form.elements.namedItem(PHOTO_FIELD);
  return input instanceof HTMLInputElement && input.files
    ? [...input.files].filter((file) => file.size > 0 || file.name !== "")
    : [];
}

/** The size problem with these photos, in words, or undefined when they can go. */
export function photoSizeProblem(files: readonly File[]): string | undefined {
  const problem = checkPhotoSizes(files);
  return problem ? photoProblemMessage(problem) : undefined;
}

async function previewOf(file: File): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PREVIEW_EDGE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL("image/jpeg", 0.7);
  } catch {
    // Not something the browser can draw (the server will say so too): a name, no picture.
    return null;
  }
}

/** Puts a list of files in the input, so the form (and FormData) sends exactly these. */
function setInputFiles(input: HTMLInputElement, files: readonly File[]): boolean {
  try {
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    input.files = transfer.files;
    return true;
  } catch {
    return false;
  }
}

export function PhotoPicker({ disabled }: { disabled?: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [editable, setEditable] = useState(false);
  const nextKey = useRef(1);

  useEffect(() => setEditable(typeof DataTransfer === "function"), []);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const picked = [...(input.files ?? [])];
    // Choosing again adds to the photos already chosen, where the browser lets us.
    const all = editable ? [...chosen.map((c) => c.file), ...picked] : picked;
    if (editable) setInputFiles(input, all);
    const kept = editable ? chosen : [];
    const added = await Promise.all(
      picked.map(async (file) => ({
        file,
        preview: await previewOf(file),
        key: nextKey.current++,
      })),
    );
    setChosen([...kept, ...added]);
  }

  function remove(key: number) {
    const rest = chosen.filter((c) => c.key !== key);
    if (
      inputRef.current &&
      setInputFiles(
        inputRef.current,
        rest.map((c) => c.file),
      )
    ) {
      setChosen(rest);
    }
  }

  const problem = photoSizeProblem(chosen.map((c) => c.file));
  const hintId = `${INPUT_ID}-hint`;
  const problemId = `${INPUT_ID}-error`;
  return (
    <div>
      <label htmlFor={INPUT_ID} className="block text-sm font-semibold text-ink">
        Photos of the damage (up to {PHOTO_LIMITS.files})
        <span className="font-normal text-ink-soft"> (optional)</span>
      </label>
      <input
        ref={inputRef}
        id={INPUT_ID}
        name={PHOTO_FIELD}
        type="file"
        multiple
        accept={PHOTO_ACCEPT}
        disabled={disabled}
        onChange={(event) => void onChange(event)}
        aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
        aria-invalid={problem ? true : undefined}
        className="mt-1 block w-full rounded-lg border-2 border-dashed border-slate-300 bg-white px-3 py-2.5 text-base text-ink file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:font-semibold"
      />
      <p id={hintId} className="mt-1 text-sm text-ink-soft">
        <ImagePlus aria-hidden="true" className="mr-1 inline h-4 w-4 align-text-bottom" />
        JPEG, PNG or WebP, up to {megabytes(PHOTO_LIMITS.fileBytes)} each. We remove the location
        from them before we keep them.
      </p>
      {problem && (
        <p id={problemId} role="alert" className="mt-1 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      {chosen.length > 0 && (
        <ul aria-label="Chosen photos" className="mt-2 flex flex-wrap gap-2">
          {chosen.map((c, index) => (
            <li
              key={c.key}
              className="relative flex h-20 w-20 items-center justify-center overflow-hidden rounded-lg border-2 border-slate-300 bg-slate-50"
            >
              {c.preview ? (
                <img src={c.preview} alt={c.file.name} className="h-full w-full object-cover" />
              ) : (
                <span className="break-all p-1 text-xs">{c.file.name}</span>
              )}
              {editable && (
                <button
                  type="button"
                  onClick={() => remove(c.key)}
                  disabled={disabled}
                  aria-label={`Remove photo ${index + 1} (${c.file.name})`}
                  className="absolute top-0.5 right-0.5 flex h-7 w-7 items-center justify-center rounded-full bg-ink/80 text-white"
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The upload's progress bar, while photos are on their way. */
export function UploadProgress({ fraction }: { fraction: number | null }) {
  if (fraction === null) return null;
  const percent = Math.round(fraction * 100);
  return (
    <div className="text-sm text-ink-soft">
      <label htmlFor="quote-upload-progress">Sending your photos… {percent}%</label>
      <progress
        id="quote-upload-progress"
        max={100}
        value={percent}
        className="mt-1 block h-2 w-full"
      />
    </div>
  );
}

/**
 * The form's fields and photos as one multipart request (the no-JavaScript form's format),
 * through XMLHttpRequest because fetch can't report upload progress. Answers as a Response.
 */
export function sendWithPhotos(
  url: string,
  fields: Record<string, unknown>,
  photos: readonly File[],
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined) body.append(name, String(value));
  }
  // After the fields: a refused upload still leaves the server the typed details.
  for (const photo of photos) body.append(PHOTO_FIELD, photo, photo.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    // Shown from the start: on a slow uplink the first progress event can be seconds away.
    onProgress(0);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve(
        new Response(xhr.responseText, {
          status: xhr.status,
          headers: { "Content-Type": xhr.getResponseHeader("Content-Type") ?? "" },
        }),
      );
    xhr.onerror = () => reject(new Error("The upload failed"));
    xhr.ontimeout = () => reject(new Error("The upload timed out"));
    xhr.send(body);
  });
}

/** The server's words when it refused the photos (JSON `{error: "photos", message}`). */
export async function photoRefusal(response: Response): Promise<string | undefined> {
  if (![400, 413, 503].includes(response.status)) return undefined;
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { error?: unknown; message?: unknown };
  return body.error === "photos" && typeof body.message === "string" ? body.message : undefined;
}
