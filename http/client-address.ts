/** The client's address, which the share routes count creations against. */
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
