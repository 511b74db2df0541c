/** The client's address, which the public routes' limits count against, and the group it is counted in. */
import { isIPv4, isIPv6 } from 'node:net';
import { getRequestIP, type H3Event } from 'h3';

/**
 * The client's address: the socket's peer, or behind `trustProxy` proxies (TRUST_PROXY) the address the
 * outermost of them saw, which is that many entries from the right of X-Forwarded-For (each proxy
 * appends the address it received from; entries further left are the client's own claims).
 */
export function clientAddressOf(trustProxy: number): (event: H3Event) => string | undefined {
  return (event) => {
    const peer = getRequestIP(event, { xForwardedFor: false });
    if (trustProxy === 0) return peer;
    const hops = (event.req.headers.get('x-forwarded-for') ?? '')
      .slice(0, 4096)
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    return hops.length >= trustProxy ? hops[hops.length - trustProxy] : (hops[0] ?? peer);
  };
}

/**
 * What a limit counts one client as: an IPv4 address as it is (an IPv4-mapped IPv6 address as the
 * IPv4 one), an IPv6 address by its /64 network (`2001:db8:0:1::/64`: one host or household is
 * usually given a whole /64, so counting single addresses would let it take 2^64 turns), anything
 * else (a proxy's header that is no address) as its first 64 characters, and none as `unknown`.
 */
export function addressGroup(address: string | undefined | null): string {
  if (!address) return 'unknown';
  if (isIPv4(address)) return address;
  const bare = address.split('%')[0]; // a zone index (fe80::1%eth0) names the interface, not the host
  if (!isIPv6(bare)) return address.slice(0, 64);
  const lower = bare.toLowerCase();
  if (lower.startsWith('::ffff:') && isIPv4(lower.slice(7))) return lower.slice(7);
  return `${expandIPv6(lower).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, as hexadecimal without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (isIPv4(tail)) {
    const [a, b, c, d] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, null];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const groups = rest === null ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((g) => parseInt(g, 16).toString(16));
}

/** The client's group for the public routes' limits (see {@link addressGroup}). */
export function clientGroupOf(trustProxy: number): (event: H3Event) => string {
  const addressOf = clientAddressOf(trustProxy);
  return (event) => addressGroup(addressOf(event));
}
