// A push service of our own for the tests: HTTPS (web-push only speaks https) with a
// self-signed certificate for localhost, one endpoint per subscriber it makes. Each request
// is kept with its headers; the VAPID JWT is checked against the key in its Authorization
// header and the payload is decrypted with the subscriber's private key (http_ece), as a
// browser would. Answers are scripted per subscriber: 201 unless told otherwise.

import { execFileSync } from "node:child_process";
import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error http_ece ships no types
import ece from "http_ece";

export interface ReceivedPush {
  subscriber: string;
  headers: Record<string, string | string[] | undefined>;
  /** The JWT's claims, once its ES256 signature checked out against `k`. */
  jwt: { aud: string; exp: number; sub: string } | null;
  /** The `k=` public key the JWT was checked with. */
  vapidKey: string | null;
  /** The decrypted payload, parsed. */
  payload: unknown;
  /** Why the JWT or the payload didn't check out. */
  problem?: string;
  status: number;
}

export interface Subscriber {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
}

export interface PushReceiver {
  origin: string;
  /** The certificate, for NODE_EXTRA_CA_CERTS or an https.Agent. */
  certFile: string;
  cert: Buffer;
  subscriber(): Subscriber;
  /** The next answers for this subscriber, in order (then 201 again). */
  answer(
    id: string,
    ...answers: { status: number; headers?: Record<string, string>; body?: string }[]
  ): void;
  received(id?: string): ReceivedPush[];
  close(): Promise<void>;
}

function verifyJwt(authorization: string | undefined): {
  jwt: ReceivedPush["jwt"];
  key: string | null;
  problem?: string;
} {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match?.[1] || !match[2]) return { jwt: null, key: null, problem: "no vapid Authorization" };
  const [token, key] = [match[1], match[2]];
  const [head, body, signature] = token.split(".");
  if (!head || !body || !signature) return { jwt: null, key, problem: "not a JWT" };
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const header = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string };
  const ok = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (header.alg !== "ES256" || !ok) return { jwt: null, key, problem: "bad JWT signature" };
  return { jwt: JSON.parse(Buffer.from(body, "base64url").toString()), key };
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const dir = mkdtempSync(join(tmpdir(), "push-receiver-"));
  const certFile = join(dir, "cert.pem");
  const keyFile = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: "ignore" },
  );
  const cert = readFileSync(certFile);
  const subscribers = new Map<string, Subscriber>();
  const scripted = new Map<
    string,
    { status: number; headers?: Record<string, string>; body?: string }[]
  >();
  const log: ReceivedPush[] = [];

  const server: Server = createServer({ cert, key: readFileSync(keyFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = /^\/push\/([a-f0-9]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const subscriber = subscribers.get(id);
      const next = scripted.get(id)?.shift() ?? { status: subscriber ? 201 : 404 };
      const { jwt, key, problem } = verifyJwt(req.headers.authorization);
      let payload: unknown = null;
      let why = problem;
      if (subscriber) {
        try {
          const plain: Buffer = ece.decrypt(Buffer.concat(chunks), {
            version: "aes128gcm",
            privateKey: subscriber.ecdh,
            authSecret: subscriber.auth.toString("base64url"),
          });
          payload = JSON.parse(plain.toString("utf8"));
        } catch (error) {
          why = `could not decrypt: ${String(error)}`;
        }
      }
      log.push({
        subscriber: id,
        headers: req.headers,
        jwt,
        vapidKey: key,
        payload,
        problem: why,
        status: next.status,
      });
      res.writeHead(next.status, next.headers ?? {});
      res.end(next.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    certFile,
    cert,
    subscriber() {
      const id = randomBytes(8).toString("hex");
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const made: Subscriber = {
        id,
        ecdh,
        auth,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString("base64url"),
            auth: auth.toString("base64url"),
          },
        },
      };
      subscribers.set(id, made);
      return made;
    },
    answer(id, ...answers) {
      scripted.set(id, [...(scripted.get(id) ?? []), ...answers]);
    },
    received(id) {
      return id ? log.filter((entry) => entry.subscriber === id) : [...log];
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
