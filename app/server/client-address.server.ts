// The unit every per-address limit counts by. One IPv4 address is one client, but an IPv6
// client is handed a whole /64 (SLAAC, privacy addresses), so counting single IPv6 addresses
// would give one attacker 2^64 fresh budgets. IPv4-mapped IPv6 (::ffff:1.2.3.4, what a
// dual-stack socket reports) is the IPv4 address it carries.
import ipaddr from "ipaddr.js";

export function addressBucket(ip: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // The zone of a link-local address (fe80::1%eth0) is not part of the address.
    parsed = ipaddr.parse(ip.replace(/%.*$/, ""));
  } catch {
    // Not an address at all ("unknown" when the socket had gone): one shared bucket for those.
    return `other:${ip.slice(0, 64)}`;
  }
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
    const prefix = v6.parts.slice(0, 4).map((part) => part.toString(16));
    return `${prefix.join(":")}::/64`;
  }
  return parsed.toString();
}
