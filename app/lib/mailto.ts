/**
 * A mailto: link for one stored address. Every part is percent-encoded, so a stored `?`, `&`,
 * `#` or `,` stays part of the address and can't add cc/bcc/body parameters (issue 19): rows
 * from before the e-mail field was strict may hold anything. The "@" stays as it is: some mail
 * apps don't decode %40 in the address part.
 */
export function mailtoHref(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 0) return `mailto:${encodeURIComponent(address)}`;
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}
