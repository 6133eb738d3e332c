import type { Migration } from "kysely/migration";
import type { DialectName } from "../db.server";
import { createQuoteRequests } from "./0001-create-quote-requests.server";
import { requestHashAndHeartbeat } from "./0002-request-hash-and-heartbeat.server";
import { createAlertOutbox } from "./0003-create-alert-outbox.server";
import { createAccounts } from "./0004-create-accounts.server";
import { createInbox } from "./0005-create-inbox.server";
import { createRateLimits } from "./0006-create-rate-limits.server";
import { createKnownDevices } from "./0007-create-known-devices.server";
import { ackCapAndSkipped } from "./0008-ack-cap-and-skipped.server";
import { leadIds64Bit } from "./0009-lead-ids-64-bit.server";
import { requestOrigin } from "./0010-request-origin.server";
import { wonValue } from "./0011-won-value.server";
import { createPush } from "./0012-create-push.server";
import { createQuotePhotos } from "./0013-create-quote-photos.server";
import { leanIndexes } from "./0014-lean-indexes.server";
import { outboxLaneIndex } from "./0015-outbox-lane-index.server";

/**
 * Every migration, by name; names sort in the order they run. Listed here rather than
 * read from the folder so they travel inside the server bundle.
 */
export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    "0001_create_quote_requests": createQuoteRequests(dialect),
    "0002_request_hash_and_heartbeat": requestHashAndHeartbeat,
    "0003_create_alert_outbox": createAlertOutbox(dialect),
    "0004_create_accounts": createAccounts(dialect),
    "0005_create_inbox": createInbox(dialect),
    "0006_create_rate_limits": createRateLimits,
    "0007_create_known_devices": createKnownDevices,
    "0008_ack_cap_and_skipped": ackCapAndSkipped(dialect),
    "0009_lead_ids_64_bit": leadIds64Bit(dialect),
    "0010_request_origin": requestOrigin,
    "0011_won_value": wonValue,
    "0012_create_push": createPush(dialect),
    "0013_create_quote_photos": createQuotePhotos(dialect),
    "0014_lean_indexes": leanIndexes,
    "0015_outbox_lane_index": outboxLaneIndex,
  };
}
