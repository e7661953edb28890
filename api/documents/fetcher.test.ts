// The guarded fetcher against real servers on loopback: what it refuses (before connecting), what it
// follows, and the test-only switch that lets a test reach a loopback fixture at all.
import http from "node:http";
import https from "node:https";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FetchRefused, guardedFetch, refusedAddress, type ResolvedAddress } from "./fetcher.ts";

interface TestServer {
  origin: string;
  port: number;
  hits: string[];
  close: () => Promise<void>;
}
/** A loopback server answering with `handler`, counting the requests it gets. */
async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<TestServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.headers.host} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}

const resolver = (table: Record<string, string[]>) => {
  const calls: string[] = [];
  const resolve = (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const found = table[hostname];
    if (!found) return Promise.reject(new Error(`ENOTFOUND ${hostname}`));
    return Promise.resolve(found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })));
  };
  return { resolve, calls };
};

async function refusal(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(() => null, (e) => e);
  expect(err, "the fetch should have been refused").toBeInstanceOf(FetchRefused);
  expect((err as FetchRefused).status).toBe(422);
  return (err as Error).message;
}

let target: TestServer; // must never be reached unless the switch allows it
let hops: TestServer; // redirects as its path says
beforeAll(async () => {
  target = await serve((_req, res) => res.end("%PDF-1.4 secret"));
  hops = await serve((req, res) => {
    const url = new URL(req.url!, "http://x");
    const to = url.searchParams.get("to");
    if (to) {
      res.writeHead(302, { location: to }).end();
      return;
    }
    if (url.pathname === "/chain") {
      const n = Number(url.searchParams.get("n"));
      res.writeHead(302, { location: n > 1 ? `/chain?n=${n - 1}` : "/ok" }).end();
      return;
    }
    if (url.pathname === "/big") {
      // No Content-Length: streamed in 64 KB chunks, 2 MB in all unless the reader stops first.
      res.writeHead(200, { "content-type": "application/pdf" });
      let sent = 0;
      const more = () => {
        while (sent < 2 * 1024 * 1024) {
          sent += 65536;
          if (!res.write(new Uint8Array(65536))) return void res.once("drain", more);
        }
        res.end();
      };
      more();
      return;
    }
    if (url.pathname === "/declared-big") {
      res.writeHead(200, { "content-length": String(5 * 1024 * 1024) });
      res.write("%PDF-");
      return; // the rest never comes: the declared length alone is refused
    }
    if (url.pathname === "/silent") return; // never answers
    res.writeHead(200, { "content-type": "text/plain" }).end(`ok ${req.headers.host}`);
  });
});
afterAll(async () => {
  await target.close();
  await hops.close();
});

describe("addresses the fetcher refuses", () => {
  it("classes every address that is not public unicast as refused, IPv4-mapped IPv6 as its IPv4", () => {
    const refused: Record<string, string> = {
      "127.0.0.1": "loopback",
      "127.8.9.10": "loopback",
      "::1": "loopback",
      "::ffff:127.0.0.1": "loopback",
      "10.0.0.1": "private",
      "172.16.5.4": "private",
      "192.168.1.1": "private",
      "::ffff:10.0.0.1": "private",
      "169.254.169.254": "linkLocal",
      "fe80::1": "linkLocal",
      "100.64.0.1": "carrierGradeNat",
      "fd00:ec2::254": "uniqueLocal",
      "fc00::1": "uniqueLocal",
      "224.0.0.1": "multicast",
      "ff02::1": "multicast",
      "0.0.0.0": "unspecified",
      "::": "unspecified",
      "255.255.255.255": "broadcast",
      "64:ff9b::a00:1": "rfc6052",
      "::127.0.0.1": "loopback", // IPv4-compatible: ipaddr.js reads it as its IPv4 address
      "::808:808": "non-global",
      "1000::1": "non-global",
      "2002:7f00:1::1": "6to4",
    };
    for (const [address, range] of Object.entries(refused)) expect(refusedAddress(address), address).toBe(range);
    for (const address of ["8.8.8.8", "151.101.1.1", "2606:4700:4700::1111", "[2a00:1450:4009:81f::200e]"]) expect(refusedAddress(address), address).toBeNull();
  });

  it("refuses schemes other than http(s)", async () => {
    expect(await refusal(guardedFetch("file:///etc/passwd"))).toBe("Only http and https addresses can be fetched, not file: addresses.");
    expect(await refusal(guardedFetch("ftp://ftp.example.com/paper.pdf"))).toBe("Only http and https addresses can be fetched, not ftp: addresses.");
    expect(await refusal(guardedFetch("gopher://example.com/"))).toMatch(/not gopher: addresses/);
  });

  it("refuses loopback, private, link-local and metadata addresses before connecting", async () => {
    const port = target.port;
    expect(await refusal(guardedFetch(`http://127.0.0.1:${port}/`))).toBe(`127.0.0.1 leads to a loopback address (127.0.0.1), which the server does not fetch from.`);
    expect(await refusal(guardedFetch(`http://[::1]:${port}/`))).toMatch(/^\[::1\] leads to a loopback address/);
    expect(await refusal(guardedFetch(`http://[::ffff:127.0.0.1]:${port}/`))).toMatch(/loopback address/);
    expect(await refusal(guardedFetch(`http://2130706433:${port}/`))).toMatch(/loopback address/); // 127.0.0.1 as one number
    expect(await refusal(guardedFetch("http://10.0.0.1/paper.pdf"))).toBe("10.0.0.1 leads to a private address (10.0.0.1), which the server does not fetch from.");
    expect(await refusal(guardedFetch("http://169.254.169.254/latest/meta-data/"))).toMatch(/a link-local address \(169\.254\.169\.254\)/);
    expect(await refusal(guardedFetch("http://[fd00:ec2::254]/latest/meta-data/"))).toMatch(/a unique-local address/);
    expect(await refusal(guardedFetch("http://100.64.1.1/"))).toMatch(/a shared \(carrier-grade NAT\) address/);
    expect(target.hits).toEqual([]);
  });

  it("refuses a host name that resolves to a private address, or to any private address among public ones", async () => {
    const dns = resolver({ "papers.board.test": ["10.20.30.40"], "mixed.board.test": ["93.184.215.14", "192.168.0.7"] });
    expect(await refusal(guardedFetch("https://papers.board.test/qp.pdf", { resolve: dns.resolve }))).toBe(
      "papers.board.test leads to a private address (10.20.30.40), which the server does not fetch from.",
    );
    expect(await refusal(guardedFetch("https://mixed.board.test/qp.pdf", { resolve: dns.resolve }))).toMatch(/private address \(192\.168\.0\.7\)/);
    // With the system's resolver: localhost is loopback.
    expect(await refusal(guardedFetch(`http://localhost:${target.port}/`))).toMatch(/^localhost leads to a loopback address/);
    expect(await refusal(guardedFetch("https://no-such-host.invalid/", { resolve: dns.resolve }))).toBe("The host no-such-host.invalid could not be found.");
    expect(target.hits).toEqual([]);
  });
});

describe("the test-only loopback switch and redirects", () => {
  it("reaches a loopback origin only when a test names it, and only that origin", async () => {
    expect(await refusal(guardedFetch(`${hops.origin}/hello`))).toMatch(/loopback address/);
    const ok = await guardedFetch(`${hops.origin}/hello`, { testOnlyLoopbackOrigins: [hops.origin] });
    expect(new TextDecoder().decode(ok.bytes)).toBe(`ok 127.0.0.1:${hops.port}`);
    expect(await refusal(guardedFetch(`${target.origin}/`, { testOnlyLoopbackOrigins: [hops.origin] }))).toMatch(/loopback address/);
    expect(target.hits).toEqual([]);
  });

  it("connects to the address it checked, never resolving the name again (no DNS-rebinding gap)", async () => {
    // The system cannot resolve this name: only a connection to the checked address can succeed.
    const dns = resolver({ "papers.board.test": ["127.0.0.1"] });
    const origin = `http://papers.board.test:${hops.port}`;
    const ok = await guardedFetch(`${origin}/hello`, { resolve: dns.resolve, testOnlyLoopbackOrigins: [origin] });
    expect(new TextDecoder().decode(ok.bytes)).toBe(`ok papers.board.test:${hops.port}`); // the Host header names the host
    expect(dns.calls).toEqual(["papers.board.test"]);
  });

  it("over https, connects to the checked address while TLS still checks the certificate against the host name", async () => {
    // A self-signed certificate for papers.board.test (a fixture, valid until 2126; its key is no secret).
    const cert = readFileSync(new URL("./fixtures/board-test.crt", import.meta.url), "utf8");
    const key = readFileSync(new URL("./fixtures/board-test.key", import.meta.url), "utf8");
    const server = https.createServer({ cert, key }, (req, res) => res.end(`tls ${req.headers.host}`));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const dns = resolver({ "papers.board.test": ["127.0.0.1"], "impostor.board.test": ["127.0.0.1"] });
      const origins = [`https://papers.board.test:${port}`, `https://impostor.board.test:${port}`];
      const options = { resolve: dns.resolve, testOnlyLoopbackOrigins: origins, testOnlyCa: cert };
      const ok = await guardedFetch(`https://papers.board.test:${port}/qp.pdf`, options);
      expect(new TextDecoder().decode(ok.bytes)).toBe(`tls papers.board.test:${port}`);
      expect(dns.calls).toEqual(["papers.board.test"]);
      // The same address under another name: the certificate does not match, so nothing is fetched.
      expect(await refusal(guardedFetch(`https://impostor.board.test:${port}/qp.pdf`, options))).toMatch(/^https:\/\/impostor\.board\.test:\d+\/qp\.pdf could not be reached \(.*impostor\.board\.test/);
    } finally {
      await new Promise<void>((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); });
    }
  });

  it("re-checks every redirect: a public-looking page that redirects to a private one is refused", async () => {
    const dns = resolver({ "papers.board.test": ["127.0.0.1"], "internal.board.test": ["127.0.0.1"], "metadata.board.test": ["169.254.169.254"] });
    const origin = `http://papers.board.test:${hops.port}`;
    const options = { resolve: dns.resolve, testOnlyLoopbackOrigins: [origin] }; // the first hop only
    const via = (to: string) => `${origin}/go?to=${encodeURIComponent(to)}`;
    expect(await refusal(guardedFetch(via(`${target.origin}/secret`), options))).toMatch(/^127\.0\.0\.1 leads to a loopback address/);
    expect(await refusal(guardedFetch(via(`http://internal.board.test:${target.port}/secret`), options))).toMatch(/^internal\.board\.test leads to a loopback address/);
    expect(await refusal(guardedFetch(via("http://metadata.board.test/latest/meta-data/"), options))).toMatch(/link-local address \(169\.254\.169\.254\)/);
    expect(await refusal(guardedFetch(via("http://10.0.0.1/"), options))).toMatch(/private address/);
    expect(await refusal(guardedFetch(via("file:///etc/passwd"), options))).toMatch(/not file: addresses/);
    expect(target.hits).toEqual([]);
  });

  it("follows at most 3 redirects", async () => {
    const options = { testOnlyLoopbackOrigins: [hops.origin] };
    const three = await guardedFetch(`${hops.origin}/chain?n=3`, options);
    expect(three.url).toBe(`${hops.origin}/ok`);
    expect(await refusal(guardedFetch(`${hops.origin}/chain?n=4`, options))).toBe(`${hops.origin}/chain?n=4 redirected more than 3 times.`);
  });
});

describe("size and time caps", () => {
  const options = () => ({ testOnlyLoopbackOrigins: [hops.origin] });
  it("stops reading a body past its cap, declared or streamed", async () => {
    expect(await refusal(guardedFetch(`${hops.origin}/big`, { ...options(), maxBytes: 1024 * 1024 }))).toBe(`${hops.origin}/big is larger than 1 MB, the most the server fetches.`);
    expect(await refusal(guardedFetch(`${hops.origin}/declared-big`, { ...options(), maxBytes: 1024 * 1024 }))).toMatch(/is larger than 1 MB/);
    const whole = await guardedFetch(`${hops.origin}/big`, { ...options(), maxBytes: 3 * 1024 * 1024 });
    expect(whole.bytes.byteLength).toBe(2 * 1024 * 1024);
  });

  it("gives up on a server that does not answer in time", async () => {
    expect(await refusal(guardedFetch(`${hops.origin}/silent`, { ...options(), timeoutMs: 300 }))).toBe(`${hops.origin}/silent did not answer within 0.3 seconds.`);
  });
});
