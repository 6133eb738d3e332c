// Phone alerts' tables (migration 0012).
import type { Generated } from "kysely";

/** One device of one owner: a browser's push subscription. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  created_at: string;
  /** Last time the device itself checked in (turned alerts on, or opened the devices page). */
  last_seen_at: string;
  /** Last time a push service took an alert for it. */
  last_sent_at: string | null;
}

/** A lead's push reached this device (or failed there for good): a retry skips it. */
export interface PushDeliveriesTable {
  quote_request_id: number;
  subscription_id: number;
  status: "sent" | "failed";
  error: string | null;
  at: string;
}

/** The VAPID key pair made at first start (base64url, as web-push takes them); one row. */
export interface PushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: string;
}
