// GET /admin/export.csv: the inbox's current filter (every page of it) as a spreadsheet.
import { ADMIN_HEADERS } from "~/lib/admin-headers";
import { filterFrom } from "~/lib/inbox-filter";
import { adminDb, requireUserForData } from "~/server/accounts/auth.server";
import { leadsCsvStream } from "~/server/inbox/exports.server";
import type { Route } from "./+types/admin.export";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUserForData(request);
  const filter = filterFrom(new URL(request.url));
  // Streamed a page at a time: however many leads, nothing else waits for it (issue 19).
  const csv = leadsCsvStream(await adminDb(), filter);
  const day = new Date().toISOString().slice(0, 10);
  const name = `${filter.view === "spam" ? "spam" : "leads"}-${day}.csv`;
  const headers = new Headers({
    ...ADMIN_HEADERS,
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}"`,
  });
  if (session.setCookie) headers.append("Set-Cookie", session.setCookie);
  return new Response(csv, { headers });
}
