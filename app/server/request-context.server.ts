import { createContext } from "react-router";

export interface ClientInfo {
  /** The visitor's address: the socket's, or X-Forwarded-For's when TRUST_PROXY is set. */
  ip: string;
  userAgent: string;
}

/** Set by server/app.ts for every request; read by actions that need the visitor's address. */
export const clientInfoContext = createContext<ClientInfo>({ ip: "unknown", userAgent: "" });
