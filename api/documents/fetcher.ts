// The guarded fetcher: the one way the server fetches an address an admin typed (Add Document by URL,
// Import Papers' page and each PDF it imports). An address is someone else's choice, so the server
// must not become a way into its own network (SSRF): only http(s), only public unicast addresses
// after DNS resolution (IPv4, IPv6 and IPv4-mapped IPv6), every redirect checked again (at most 3),
// and the size and the time capped.
//
// DNS rebinding: a name could resolve to a public address when checked and to 127.0.0.1 when the
// connection is made. So the address is resolved once, every address it has is checked, and the
// connection is made to that checked address: node:http(s) takes a `lookup` function, and ours answers
// with the address already checked instead of resolving again. The request still names the host (Host
// header, and TLS's SNI and certificate check for https), so virtual hosts and certificates work as
// with any fetch. (Fetching the IP itself with a Host header would break https certificate checks;
// resolving twice and comparing would still leave a gap between the second lookup and the connect.)
import http from "node:http";
import https from "node:https";
import { lookup as dnsLookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { HttpError } from "../http.ts";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface GuardOptions {
  /** Resolves a host name to all its addresses (node:dns/promises lookup by default; tests inject one). */
  resolve?: Resolver;
  /**
   * TEST ONLY. Origins (`http://127.0.0.1:PORT`) whose loopback address may be reached, so a test can
   * serve a fixture site on loopback. Only loopback, only these exact origins: everything else is
   * refused as always. Deliberately an option passed in code (createApp's deps), never an environment
   * variable, so no deployment can switch it on by mistake.
   */
  testOnlyLoopbackOrigins?: string[];
  /** TEST ONLY. The certificate authority an https fixture's certificate is signed by (instead of the system's). */
  testOnlyCa?: string;
  /** Bytes the answer may have; more is refused as it streams in. */
  maxBytes?: number;
  /** Milliseconds for the whole fetch, redirects and body included. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** The Accept header. */
  accept?: string;
}

export interface Fetched {
  /** The address finally answered, after redirects. */
  url: string;
  contentType: string;
  bytes: Uint8Array;
}

export const FETCH_DEFAULTS = { maxBytes: 20 * 1024 * 1024, timeoutMs: 30_000, maxRedirects: 3 };

/** A fetch the guard refused or that failed: its message says why, for the admin (422). */
export class FetchRefused extends HttpError {
  constructor(message: string) {
    super(422, message);
    this.name = "FetchRefused";
  }
}

const defaultResolve: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/**
 * Why an address may not be fetched from, or null for a public unicast address. Anything ipaddr.js
 * does not class as `unicast` is refused: loopback, private (10/8, 172.16/12, 192.168/16), link-local
 * (169.254/16 with the cloud metadata address 169.254.169.254; fe80::/10), CGNAT (100.64/10),
 * unique-local (fc00::/7, with AWS's metadata address fd00:ec2::254), multicast, unspecified,
 * broadcast, documentation and reserved ranges, and the IPv6 forms that carry an IPv4 address
 * (IPv4-mapped ::ffff:a.b.c.d is judged as that IPv4 address; NAT64, 6to4, Teredo and IPv4-compatible
 * ::a.b.c.d are refused): for IPv6 only global unicast (2000::/3) passes.
 */
export function refusedAddress(raw: string): string | null {
  const text = raw.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(text)) return "not an IP address";
  let address = ipaddr.parse(text);
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  const range = address.range();
  if (range !== "unicast") return range;
  // IPv6 beyond the global unicast block 2000::/3 (IPv4-compatible ::a.b.c.d, unassigned space) is refused too.
  if (address.kind() === "ipv6" && !address.match(GLOBAL_UNICAST_V6)) return "non-global";
  return null;
}
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** ipaddr.js's names of the refused ranges, as a message says them. */
const RANGE_NAMES: Record<string, string> = {
  loopback: "a loopback",
  private: "a private",
  linkLocal: "a link-local",
  carrierGradeNat: "a shared (carrier-grade NAT)",
  uniqueLocal: "a unique-local",
  multicast: "a multicast",
  unspecified: "an unspecified",
  broadcast: "a broadcast",
  reserved: "a reserved",
  "non-global": "a non-global",
};

const originOf = (url: URL) => `${url.protocol}//${url.host}`;

/**
 * Checks one address of a URL: its scheme, and where its host leads. Returns the address to connect
 * to (checked), or throws FetchRefused saying why.
 */
async function checkedAddress(url: URL, options: GuardOptions): Promise<ResolvedAddress> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchRefused(`Only http and https addresses can be fetched, not ${url.protocol} addresses.`);
  }
  if (url.username || url.password) throw new FetchRefused("Addresses with a user name or password are not fetched.");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch {
      throw new FetchRefused(`The host ${host} could not be found.`);
    }
    if (!addresses.length) throw new FetchRefused(`The host ${host} could not be found.`);
  }
  const loopbackAllowed = options.testOnlyLoopbackOrigins?.includes(originOf(url)) ?? false;
  // Every address the name has must be public: a client could connect to any of them.
  for (const { address } of addresses) {
    const why = refusedAddress(address);
    if (why && !(why === "loopback" && loopbackAllowed)) {
      throw new FetchRefused(`${url.hostname} leads to ${RANGE_NAMES[why] ?? `a special-purpose (${why})`} address (${address}), which the server does not fetch from.`);
    }
  }
  return addresses[0];
}

/** One request to a checked address: the response, its body not yet read. */
function requestOnce(url: URL, target: ResolvedAddress, options: GuardOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  // Connect to the checked address, whatever a new lookup of the name would say now (see the top).
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    const all = (lookupOptions as { all?: boolean }).all;
    if (all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: "GET",
        lookup: pinned,
        // A connection of its own, never a pooled one: a pooled socket, keyed by host name, could have
        // been opened to another address, and a body cut off at the size cap must not hold the pool.
        agent: false,
        ...(options.testOnlyCa ? { ca: options.testOnlyCa } : {}),
        headers: { accept: options.accept ?? "*/*", "user-agent": "ExamPrep document fetcher", "accept-encoding": "identity" },
      },
      resolve,
    );
    // The time cap, by hand: Deno's node:http does not honour a `signal` option. (The listener is not
    // removed on close: Deno emits a request's close early, and destroying a finished request is harmless.)
    const abort = () => req.destroy(new Error("timed out"));
    if (signal.aborted) abort();
    else signal.addEventListener("abort", abort, { once: true });
    req.on("error", reject);
    req.end();
  });
}

/** Reads a body, stopping as soon as it passes maxBytes. */
async function readCapped(res: http.IncomingMessage, url: URL, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
  const tooBig = () => new FetchRefused(`${url.href} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the most the server fetches.`);
  const declared = Number(res.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw tooBig();
  }
  const abort = () => res.destroy(new Error("timed out"));
  if (signal.aborted) abort();
  else signal.addEventListener("abort", abort, { once: true });
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of res as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      res.destroy();
      throw tooBig();
    }
    chunks.push(chunk);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * GETs an address an admin gave, through the guard. Throws FetchRefused (a 422 with the reason) when
 * the address is refused, cannot be reached, answers with an error, redirects too often, is too big or
 * too slow.
 */
export async function guardedFetch(address: string, options: GuardOptions = {}): Promise<Fetched> {
  const { maxBytes, timeoutMs, maxRedirects } = { ...FETCH_DEFAULTS, ...options };
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused(`${address} is not a valid URL.`);
  }
  for (let redirects = 0;; redirects++) {
    const target = await checkedAddress(url, options);
    let res: http.IncomingMessage;
    try {
      res = await requestOnce(url, target, options, signal);
    } catch (err) {
      if (signal.aborted) throw new FetchRefused(`${url.href} did not answer within ${timeoutMs / 1000} seconds.`);
      throw new FetchRefused(`${url.href} could not be reached (${(err as Error).message}).`);
    }
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume(); // a redirect's own body is not wanted
      if (redirects >= maxRedirects) throw new FetchRefused(`${address} redirected more than ${maxRedirects} times.`);
      try {
        url = new URL(res.headers.location, url);
      } catch {
        throw new FetchRefused(`${url.href} redirected to an invalid address.`);
      }
      continue; // checked again at the top, like the first address
    }
    if (status < 200 || status >= 300) {
      res.resume();
      throw new FetchRefused(`${url.href} answered ${status}${res.statusMessage ? ` ${res.statusMessage}` : ""}.`);
    }
    try {
      const bytes = await readCapped(res, url, maxBytes, signal);
      return { url: url.href, contentType: String(res.headers["content-type"] ?? ""), bytes };
    } catch (err) {
      if (err instanceof FetchRefused) throw err;
      if (signal.aborted) throw new FetchRefused(`${url.href} did not answer within ${timeoutMs / 1000} seconds.`);
      throw new FetchRefused(`${url.href} could not be read (${(err as Error).message}).`);
    }
  }
}
