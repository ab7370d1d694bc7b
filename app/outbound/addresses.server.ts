/**
 * Which addresses an outbound request may connect to: public ones only. Every other range (the
 * loopback, private, link-local, shared, metadata, documentation, multicast and reserved ones,
 * and their IPv6 equivalents) has a name, so a refusal reads "127.0.0.1 is a loopback address".
 * An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
 * Ranges are held in `net.BlockList`s (no hand-written masks); the first range that holds an
 * address names it, so the metadata addresses come before the link-local range around them.
 */
import net from "node:net";

type Range = readonly [subnet: string, prefix: number, what: string];

const V4: readonly Range[] = [
  ["169.254.169.254", 32, "a cloud metadata address"], // AWS, GCP, Azure, OpenStack, …
  ["100.100.100.200", 32, "a cloud metadata address"], // Alibaba Cloud
  ["0.0.0.0", 8, 'a "this network" address'],
  ["10.0.0.0", 8, "a private address"],
  ["100.64.0.0", 10, "a shared (carrier-grade NAT) address"],
  ["127.0.0.0", 8, "a loopback address"],
  ["169.254.0.0", 16, "a link-local address"],
  ["172.16.0.0", 12, "a private address"],
  ["192.0.0.0", 24, "an IETF protocol address"],
  ["192.0.2.0", 24, "a documentation address"],
  ["192.88.99.0", 24, "a 6to4 relay address"],
  ["192.168.0.0", 16, "a private address"],
  ["198.18.0.0", 15, "a benchmarking address"],
  ["198.51.100.0", 24, "a documentation address"],
  ["203.0.113.0", 24, "a documentation address"],
  ["224.0.0.0", 4, "a multicast address"],
  ["240.0.0.0", 4, "a reserved address"], // 255.255.255.255 (broadcast) included
];

const V6: readonly Range[] = [
  ["fd00:ec2::254", 128, "a cloud metadata address"], // AWS over IPv6
  ["::", 128, "an unspecified address"],
  ["::1", 128, "a loopback address"],
  ["::", 96, "an IPv4-compatible address"], // deprecated, never routed
  ["64:ff9b::", 96, "a NAT64 address"], // could reach a private IPv4 address
  ["64:ff9b:1::", 48, "a local NAT64 address"],
  ["100::", 64, "a discard address"],
  ["2001::", 23, "an IETF protocol address"], // Teredo included
  ["2001:db8::", 32, "a documentation address"],
  ["2002::", 16, "a 6to4 address"], // embeds any IPv4 address
  ["fc00::", 7, "a private (unique local) address"],
  ["fe80::", 10, "a link-local address"],
  ["fec0::", 10, "a site-local address"],
  ["ff00::", 8, "a multicast address"],
];

type Named = { list: net.BlockList; what: string };

function lists(ranges: readonly Range[], family: "ipv4" | "ipv6"): Named[] {
  return ranges.map(([subnet, prefix, what]) => {
    const list = new net.BlockList();
    list.addSubnet(subnet, prefix, family);
    return { list, what };
  });
}

const NAMED_V4 = lists(V4, "ipv4");
const NAMED_V6 = lists(V6, "ipv6");

/** Host names of cloud metadata services, refused by name before any lookup. */
export const METADATA_HOSTS: ReadonlySet<string> = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "metadata.azure.internal",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.tencentyun.com",
  "metadata.platformequinix.com",
]);

/** The IPv4 address carried by an IPv4-mapped IPv6 address (::ffff:a.b.c.d), else null. */
export function mappedIpv4(address: string): string | null {
  const bare = address.split("%", 1)[0]!;
  if (net.isIP(bare) !== 6) return null;
  // The URL parser writes an IPv6 address in one canonical form: ::ffff:7f00:1.
  const canonical = new URL(`http://[${bare}]`).hostname.slice(1, -1);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!hex) return null;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/**
 * What makes `address` unfit for an outbound connection, in words ("a loopback address"), or
 * null when it is a public address. Anything that is not an IP address is "not an IP address".
 */
export function addressRefusal(address: string): string | null {
  const bare = address
    .replace(/^\[|\]$/g, "")
    .split("%", 1)[0]!
    .toLowerCase();
  const family = net.isIP(bare);
  if (family === 0) return "not an IP address";
  if (family === 4) return NAMED_V4.find((range) => range.list.check(bare, "ipv4"))?.what ?? null;
  const v4 = mappedIpv4(bare);
  if (v4 !== null) return addressRefusal(v4);
  return NAMED_V6.find((range) => range.list.check(bare, "ipv6"))?.what ?? null;
}

/** An address as a refusal names it: an IPv4-mapped one with the IPv4 address it carries. */
export function addressInWords(address: string): string {
  const v4 = mappedIpv4(address.replace(/^\[|\]$/g, ""));
  return v4 === null ? address : `${address} (${v4})`;
}

/** True for an address on the public internet; false for anything else (or not an address). */
export function isPublicAddress(address: string): boolean {
  return addressRefusal(address) === null;
}

/** A host name as compared: lower case, brackets and a final dot removed. */
export function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
}

/** True for the host name of a cloud metadata service (metadata.google.internal, …). */
export function isMetadataHost(hostname: string): boolean {
  return METADATA_HOSTS.has(bareHost(hostname));
}
