/**
 * Which addresses outbound requests may connect to, and the words a refusal uses for the others.
 */
import { describe, expect, it } from "vitest";
import { addressInWords, addressRefusal, isMetadataHost, isPublicAddress } from "~/outbound/addresses.server";

describe("addressRefusal", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.8.9.10", "a loopback address"],
    ["10.1.2.3", "a private address"],
    ["172.16.0.1", "a private address"],
    ["172.31.255.255", "a private address"],
    ["192.168.1.1", "a private address"],
    ["169.254.169.254", "a cloud metadata address"],
    ["100.100.100.200", "a cloud metadata address"],
    ["169.254.1.1", "a link-local address"],
    ["100.64.0.1", "a shared (carrier-grade NAT) address"],
    ["0.0.0.0", 'a "this network" address'],
    ["0.1.2.3", 'a "this network" address'],
    ["192.0.0.8", "an IETF protocol address"],
    ["192.0.2.10", "a documentation address"],
    ["198.18.0.1", "a benchmarking address"],
    ["198.19.255.255", "a benchmarking address"],
    ["224.0.0.1", "a multicast address"],
    ["239.255.255.250", "a multicast address"],
    ["240.0.0.1", "a reserved address"],
    ["255.255.255.255", "a reserved address"],
    ["::", "an unspecified address"],
    ["::1", "a loopback address"],
    ["[::1]", "a loopback address"],
    ["0:0:0:0:0:0:0:1", "a loopback address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:7f00:1", "a loopback address"],
    ["::ffff:10.0.0.1", "a private address"],
    ["::FFFF:10.0.0.1", "a private address"],
    ["::ffff:169.254.169.254", "a cloud metadata address"],
    ["::127.0.0.1", "an IPv4-compatible address"],
    ["fd00:ec2::254", "a cloud metadata address"],
    ["fc00::1", "a private (unique local) address"],
    ["fd12:3456::1", "a private (unique local) address"],
    ["fe80::1", "a link-local address"],
    ["fe80::1%eth0", "a link-local address"],
    ["febf:ffff::1", "a link-local address"],
    ["fec0::1", "a site-local address"],
    ["ff02::1", "a multicast address"],
    ["64:ff9b::a00:1", "a NAT64 address"],
    ["2002:7f00:1::", "a 6to4 address"],
    ["2001:db8::1", "a documentation address"],
    ["2001::1", "an IETF protocol address"],
    ["not an address", "not an IP address"],
    ["localhost", "not an IP address"],
  ])("refuses %s as %s", (address, what) => {
    expect(addressRefusal(address)).toBe(what);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "93.184.216.34",
    "1.1.1.1",
    "8.8.8.8",
    "172.32.0.1",
    "172.15.255.255",
    "100.128.0.1",
    "169.255.0.1",
    "198.20.0.1",
    "223.255.255.255",
    "::ffff:8.8.8.8",
    "2606:4700:4700::1111",
    "2a00:1450:4007:80f::200e",
  ])("accepts %s", (address) => {
    expect(addressRefusal(address)).toBeNull();
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("isMetadataHost", () => {
  it("knows the metadata services' names, in any case and with a final dot", () => {
    for (const name of ["metadata.google.internal", "METADATA.google.internal.", "metadata", "instance-data"]) {
      expect(isMetadataHost(name), name).toBe(true);
    }
    for (const name of ["metadata.example.com", "google.internal", "example.com"]) {
      expect(isMetadataHost(name), name).toBe(false);
    }
  });
});

describe("addressInWords", () => {
  it("names the IPv4 address an IPv4-mapped one carries", () => {
    expect(addressInWords("::ffff:7f00:1")).toBe("::ffff:7f00:1 (127.0.0.1)");
    expect(addressInWords("[::ffff:10.0.0.1]")).toBe("[::ffff:10.0.0.1] (10.0.0.1)");
    expect(addressInWords("fe80::1%eth0")).toBe("fe80::1%eth0");
    expect(addressInWords("127.0.0.1")).toBe("127.0.0.1");
  });
});
