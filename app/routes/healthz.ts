// GET /healthz for the load balancer and uptime checks: is the quote database usable?
import { databaseIsHealthy } from "~/server/db.server";

export async function loader(): Promise<Response> {
  const healthy = await databaseIsHealthy();
  return Response.json(healthy ? { status: "ok" } : { status: "unavailable" }, {
    status: healthy ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
