// Phone alerts for this process: the settings, the key pair, and what the outbox worker and
// the /admin/devices page call.
import type { Kysely } from "kysely";
import type { AlertLead } from "../alerts/lead.server";
import { type Database, getDb, startDatabase } from "../db.server";
import { SERVER_ENV } from "../env.server";
import { vapidKeySource } from "./keys.server";
import { deliverLeadPush, type PushResult, type PushSender } from "./send.server";
import { type PushSettings, pushSettingsFrom } from "./settings.server";

let settings: PushSettings | undefined;
let sender: PushSender | undefined;

export function currentPushSettings(): PushSettings {
  settings ??= pushSettingsFrom(SERVER_ENV);
  return settings;
}

/** This process's sender: the subject, and the keys read (or made) once. */
export function currentPushSender(): PushSender {
  const current = currentPushSettings();
  sender ??= {
    subject: current.subject,
    keys: vapidKeySource(current, async () => {
      await startDatabase();
      return getDb();
    }),
  };
  return sender;
}

/** The outbox worker's "push" channel. */
export interface PushDelivery {
  deliver(db: Kysely<Database>, lead: AlertLead): Promise<PushResult | null>;
}

export function pushDelivery(push: PushSender = currentPushSender()): PushDelivery {
  return { deliver: (db, lead) => deliverLeadPush(db, lead, push) };
}
