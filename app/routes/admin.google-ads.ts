// GET /admin/google-ads-conversions.csv: won leads that came from an ad click, for Google
// Ads' offline conversion import.
import { ADMIN_HEADERS } from "~/lib/admin-headers";
import { adminDb, requireUserForData } from "~/server/accounts/auth.server";
import { SERVER_ENV } from "~/server/env.server";
import { googleAdsConversionsStream } from "~/server/inbox/exports.server";
import type { Route } from "./+types/admin.google-ads";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUserForData(request);
  const csv = googleAdsConversionsStream(await adminDb(), SERVER_ENV.GOOGLE_ADS_CONVERSION_NAME);
  return new Response(csv, {
    headers: {
      ...ADMIN_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="google-ads-conversions.csv"',
    },
  });
}
