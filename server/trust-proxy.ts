/**
 * Which proxies in front of the console and the sandbox may say who the client is
 * (X-Forwarded-For, -Proto, -Host): TRUST_PROXY. None by default: the connection's address is
 * the client's. Otherwise a comma-separated list of addresses and subnets (`10.0.0.0/8`,
 * `::1`), where `loopback` stands for 127.0.0.0/8 and ::1. A header sent by anyone else is
 * ignored, so no client can name another address to step past a per-address limit.
 */
import { BlockList, isIP } from "node:net";

/** The words a list may hold besides addresses and subnets. */
const NAMED: Record<string, [string, number, "ipv4" | "ipv6"][]> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
};

/** An IP address without the IPv6 mapping of an IPv4 one. */
export const plainAddress = (address: string) =>
  address.toLowerCase().startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;

type Entry = [string, number, "ipv4" | "ipv6"];

/** One item of the list as a subnet; undefined when it is none. */
function entryOf(item: string): Entry[] | undefined {
  if (Object.hasOwn(NAMED, item)) return NAMED[item];
  const [address, prefix, extra] = item.split("/");
  if (extra !== undefined) return undefined;
  const plain = plainAddress(address);
  const version = isIP(plain);
  if (version === 0) return undefined;
  const max = version === 4 ? 32 : 128;
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return undefined;
  const bits = prefix === undefined ? max : Number(prefix);
  if (bits > max) return undefined;
  return [[plain, bits, version === 4 ? "ipv4" : "ipv6"]];
}

/**
 * The items of a TRUST_PROXY value (empty for none), or the first item that is neither an
 * address, a subnet nor `loopback`.
 */
export function parseTrustProxy(
  text: string | undefined,
): { items: string[] } | { invalid: string } {
  const value = (text ?? "").trim();
  if (value === "" || value.toLowerCase() === "none") return { items: [] };
  const items = value.split(",").map((item) => item.trim().toLowerCase());
  const invalid = items.find((item) => entryOf(item) === undefined);
  return invalid === undefined ? { items } : { invalid };
}

/** Whether a connection from `address` is a proxy of the list. */
export function trustedProxies(items: readonly string[]): (address: string | undefined) => boolean {
  if (items.length === 0) return () => false;
  const list = new BlockList();
  for (const item of items)
    for (const [address, bits, family] of entryOf(item) ?? [])
      list.addSubnet(address, bits, family);
  return (address) => {
    if (!address) return false;
    const plain = plainAddress(address);
    const version = isIP(plain);
    return version !== 0 && list.check(plain, version === 4 ? "ipv4" : "ipv6");
  };
}

/**
 * The client's address: the connection's, unless it comes from a trusted proxy; then the
 * nearest address in X-Forwarded-For that is not itself a trusted proxy (read from the right,
 * as each proxy appends the address it saw). A malformed entry ends the walk at the hop before it.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trusted: (address: string) => boolean,
): string {
  let address = plainAddress(socketAddress ?? "unknown");
  if (!forwardedFor) return address;
  const hops = forwardedFor
    .split(",")
    .map((hop) => plainAddress(hop.trim()))
    .reverse();
  for (const hop of hops) {
    if (!trusted(address)) return address;
    if (isIP(hop) === 0) return address;
    address = hop;
  }
  return address;
}
