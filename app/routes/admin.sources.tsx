// /admin/sources: which pages and campaigns bring leads, and which bring work.
import { data } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { adminMeta, adminRouteHeaders } from "~/lib/admin-headers";
import { adminDb, requireUser } from "~/server/accounts/auth.server";
import { alertTrouble } from "~/server/inbox/alerts.server";
import { type SourceRow, sourceSummary } from "~/server/inbox/leads.server";
import type { Route } from "./+types/admin.sources";

export const headers: Route.HeadersFunction = adminRouteHeaders;
export const meta: Route.MetaFunction = () => adminMeta("Sources");

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUser(request);
  const db = await adminDb();
  const [summary, trouble] = await Promise.all([sourceSummary(db), alertTrouble(db)]);
  return data(
    { email: session.user.email, ...summary, alertTrouble: trouble },
    { headers: session.setCookie ? { "Set-Cookie": session.setCookie } : {} },
  );
}

function SourceTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: SourceRow[];
}) {
  return (
    <table className="mt-4 w-full border-collapse text-left">
      <caption className="text-left text-lg font-bold">{caption}</caption>
      <thead>
        <tr className="border-b-2 border-ink">
          <th scope="col" className="py-2 pr-3">
            {first}
          </th>
          <th scope="col" className="py-2 pr-3 text-right">
            Leads
          </th>
          <th scope="col" className="py-2 text-right">
            Won
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={3} className="py-2 text-ink-soft">
              No leads in the last 30 days.
            </td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={row.label} className="border-b border-slate-200">
            <th scope="row" className="py-2 pr-3 font-normal break-all">
              {row.label}
            </th>
            <td className="py-2 pr-3 text-right">{row.leads}</td>
            <td className="py-2 text-right">{row.won}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function AdminSources({ loaderData }: Route.ComponentProps) {
  const { email, pages, campaigns } = loaderData;
  return (
    <AdminShell email={email} current="sources">
      <h1 className="text-2xl font-extrabold">Where leads come from</h1>
      <p className="mt-1 text-ink-soft">The last 30 days, spam left out.</p>
      <SourceTable caption="By page" first="Page" rows={pages} />
      <div className="mt-8">
        <SourceTable
          caption="By campaign (source / medium / campaign)"
          first="Campaign"
          rows={campaigns}
        />
      </div>
      <p className="mt-8">
        <a
          href="/admin/google-ads-conversions.csv"
          className="inline-flex min-h-12 items-center rounded-lg border-2 border-ink px-4 font-semibold"
        >
          Download won leads for Google Ads (offline conversions)
        </a>
      </p>
    </AdminShell>
  );
}
