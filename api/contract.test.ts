// The route-table test. Its list of routes is /api/openapi.json, checked first against the routes the
// real createApp() has, so a route added without a contract entry (and so without an access rule)
// fails here. Then every documented route is tried as four callers, with a foreign Origin, and with
// bad bodies, queries and path parameters: each answer must be the one its rule says, and every
// refusal a 4xx with a JSON message, never a 5xx.
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp } from "./app.ts";
import { Hono } from "hono";
import { ACCESS_RULES, type Access, API_ROUTES, bodyLimits, DEFAULT_BODY_LIMIT, openApiPath } from "./contract.ts";
import { CLIENT_ADDRESS, clientAddress } from "./http.ts";
import { papers, users } from "./db/schema.ts";
import { createTestApp, createTestDeps, newSession, send, studentWithCredits, TEST_ORIGIN } from "./test-utils.ts";
import { banks, requestFor } from "./papers/testing.ts";
import { FEEDBACK_DESCRIPTION_MAX, FEEDBACK_SUBJECTS } from "../shared/constants.ts";

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  maxLength?: number;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
interface Parameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  /** OpenAPI's form: /api/generated-papers/{id}. */
  path: string;
  access: Access;
  parameters: Parameter[];
  body?: JsonSchema;
  example?: unknown;
  /** Bytes its body may have (state-changing routes). */
  bodyLimit?: number;
}

const t = await createTestApp();
const doc = await (await t.app.request("/api/openapi.json")).json() as {
  paths: Record<string, Record<string, { "x-access": Access; "x-body-limit"?: number; parameters: Parameter[]; requestBody?: { content: { "application/json": { schema: JsonSchema; example?: unknown } } } }>>;
};
const OPERATIONS: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    access: op["x-access"],
    parameters: op.parameters,
    body: op.requestBody?.content["application/json"].schema,
    example: op.requestBody?.content["application/json"].example,
    bodyLimit: op["x-body-limit"],
  }))
);
const name = (op: Operation) => `${op.method} ${op.path} (${op.access})`;

/** The app's real API routes, in OpenAPI's form; middleware (ALL) and the catch-all are not routes. */
function realRoutes(app: { routes: { method: string; path: string }[] }): string[] {
  const found = app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/")).map((r) => `${r.method} ${openApiPath(r.path)}`);
  return [...new Set(found)].sort();
}
const documentedRoutes = () => OPERATIONS.map((op) => `${op.method} ${op.path}`).sort();

describe("the contract covers the route table", () => {
  it("lists exactly the API routes createApp() has, each with an access rule", () => {
    const real = realRoutes(t.app);
    const documented = documentedRoutes();
    expect(real.filter((r) => !documented.includes(r)), "routes without an entry in api/contract.ts").toEqual([]);
    expect(documented.filter((r) => !real.includes(r)), "entries in api/contract.ts without a route").toEqual([]);
    for (const op of OPERATIONS) expect(ACCESS_RULES, name(op)).toContain(op.access);
    expect(OPERATIONS.length).toBeGreaterThan(40);
  });

  it("would fail for a route added without an entry", () => {
    const app = createApp(t);
    app.post("/api/added-later", (c) => c.json({ ok: true }));
    expect(realRoutes(app).filter((r) => !documentedRoutes().includes(r))).toContain("POST /api/added-later");
  });

  it("serves the document publicly, cacheably, built from the shared schemas", async () => {
    const res = await t.app.request("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(doc).toMatchObject({ openapi: "3.1.0" });
    const feedback = doc.paths["/api/feedback"].post.requestBody!.content["application/json"].schema;
    expect(feedback.properties!.description).toMatchObject({ type: "string", minLength: 10, maxLength: FEEDBACK_DESCRIPTION_MAX });
    expect(doc.paths["/api/generated-papers/{id}"].get.parameters).toEqual([
      expect.objectContaining({ name: "id", in: "path", required: true, schema: expect.objectContaining({ type: "integer" }) }),
    ]);
  });

  it("gives every free-text field a maximum length", () => {
    // A string is bounded by a maxLength, a list of choices, or a date format (whose pattern is fixed).
    const unbounded: string[] = [];
    const walk = (s: JsonSchema | undefined, where: string) => {
      if (!s) return;
      const types = [s.type].flat();
      if (types.includes("string") && s.maxLength === undefined && !s.enum && s.const === undefined && !["date", "date-time"].includes(s.format!)) {
        unbounded.push(where);
      }
      for (const [key, value] of Object.entries(s.properties ?? {})) walk(value, `${where}.${key}`);
      walk(s.items, `${where}[]`);
      for (const sub of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(sub, where);
    };
    for (const op of OPERATIONS) {
      walk(op.body, `${op.method} ${op.path} body`);
      for (const p of op.parameters) walk(p.schema, `${op.method} ${op.path} ${p.in} ${p.name}`);
    }
    expect(unbounded).toEqual([]);
  });
});

// --- Callers and the resources they own --------------------------------------------------------------

type Caller = "anonymous" | "student" | "other student" | "admin";
const CALLERS: Caller[] = ["anonymous", "other student", "admin", "student"];

let studentId: number;
let otherId: number;
let adminId: number;

beforeAll(async () => {
  studentId = (await studentWithCredits(t, "owner", 1000)).userId;
  otherId = (await studentWithCredits(t, "intruder", 1000)).userId;
  adminId = (await studentWithCredits(t, "boss", 0)).userId;
  await t.db.update(users).set({ role: "admin" }).where(eq(users.id, adminId));
});

/** Fresh sessions for each test: a route may end one (sign-out, password change). */
async function cookies(): Promise<Record<Caller, string | undefined>> {
  return {
    anonymous: undefined,
    student: (await newSession(t, studentId)).cookie,
    "other student": (await newSession(t, otherId)).cookie,
    admin: (await newSession(t, adminId)).cookie,
  };
}

/** The owner routes' resources, made for the student through the API. A new owner route needs one here. */
const OWNED: Record<string, (cookie: string) => Promise<Record<string, string>>> = {
  "/api/generated-papers/{id}": ownPaper,
  "/api/generated-papers/{id}/pdf": ownPaper,
  "/api/checkout/test/{id}/{action}": async (cookie) => ({ id: await ownCheckout(cookie), action: "complete" }),
  "/api/checkout/{id}": async (cookie) => ({ id: await ownCheckout(cookie) }),
  "/api/checkout/{id}/cancel": async (cookie) => ({ id: await ownCheckout(cookie) }),
};
/** A new pending test-mode checkout of the student's: its id. */
async function ownCheckout(cookie: string) {
  const res = await send(t.app, "/api/checkout/credits", { creditQuantity: 1 }, cookie);
  expect(res.status).toBe(200);
  const { url } = await res.json() as { url: string };
  return url.split("/").pop()!;
}
async function ownPaper(cookie: string) {
  const res = await send(t.app, "/api/generate-enhanced-paper", requestFor(banks[0].blueprint), cookie);
  expect(res.status).toBe(200);
  return { id: String((await res.json() as { id: number }).id) };
}

/**
 * Admin routes that change or delete a catalogue paper are tried on a scratch paper of their own, so
 * the seeded papers the owner routes generate from stay as they are (made in beforeAll).
 */
const SCRATCH: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const method of ["PATCH", "DELETE"]) {
    const row = await t.db.insert(papers).values({ name: `Scratch ${method}`, subject: "Biology", examBoard: "AQA", level: "GCSE" }).returning().get();
    SCRATCH[`${method} /api/papers/{id}`] = { id: String(row.id) };
  }
});

/** A valid-looking value for a parameter: its first choice, its minimum, or a word. */
function sample(schema: JsonSchema): string {
  if (schema.enum) return String(schema.enum[0]);
  if (schema.type === "integer" || schema.type === "number") return String(schema.minimum ?? 1);
  return "Biology";
}

function urlOf(op: Operation, params: Record<string, string>, query: Record<string, string> = {}) {
  let path = op.path;
  const scratch = SCRATCH[`${op.method} ${op.path}`] ?? {};
  for (const p of op.parameters.filter((p) => p.in === "path")) path = path.replace(`{${p.name}}`, encodeURIComponent(params[p.name] ?? scratch[p.name] ?? sample(p.schema)));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}
const validQuery = (op: Operation) => Object.fromEntries(op.parameters.filter((p) => p.in === "query" && p.required).map((p) => [p.name, sample(p.schema)]));

interface Attempt {
  cookie?: string;
  origin?: string | null;
  /** A raw body, sent as JSON; undefined sends none. */
  body?: string;
}
function call(op: Operation, url: string, { cookie, origin = TEST_ORIGIN, body }: Attempt) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (origin) headers.origin = origin;
  if (cookie) headers.cookie = cookie;
  return Promise.resolve(t.app.request(url, { method: op.method, headers, body: op.method === "GET" ? undefined : body }));
}

/** A refusal must be JSON with a message; nothing may be a 5xx; every answer has the security headers. */
async function expectWellFormed(res: Response, label: string): Promise<{ message?: string }> {
  const text = await res.clone().text();
  expect(res.status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(res.headers.get("x-content-type-options"), label).toBe("nosniff");
  expect(res.headers.get("content-security-policy"), label).toContain("frame-ancestors 'none'");
  expect(res.headers.get("x-request-id"), label).toMatch(/^[0-9a-f]{16}$/);
  if (res.status < 400) return {};
  expect(res.headers.get("content-type"), label).toContain("application/json");
  const body = JSON.parse(text) as { message?: unknown };
  expect(typeof body.message, label).toBe("string");
  expect((body.message as string).length, label).toBeGreaterThan(0);
  return body as { message: string };
}

/** Who may pass a route's rule (for owner routes, the owner of the resource in the path). */
const admitted = (access: Access, caller: Caller) =>
  access === "public" || access === "webhook" || (access === "signed-in" && caller !== "anonymous") || (access === "admin" && caller === "admin") ||
  (access === "owner" && caller === "student");
/** The caller whose requests pass each rule, for the bad-input tests. */
const passer = (access: Access): Caller => (access === "admin" ? "admin" : access === "public" || access === "webhook" ? "anonymous" : "student");

describe("every route answers each caller as its rule says", () => {
  it.each(OPERATIONS.map((op) => [name(op), op] as const))("%s", async (_, op) => {
    const jar = await cookies();
    const params = op.access === "owner" ? await ownerParams(op, jar.student!) : {};
    const url = urlOf(op, params, validQuery(op));
    for (const caller of CALLERS) {
      const res = await call(op, url, { cookie: jar[caller], body: "{}" });
      const label = `${name(op)} as ${caller}`;
      await expectWellFormed(res, label);
      // Whatever a signed-in caller is answered is personal: never stored by a cache.
      if (caller !== "anonymous" && op.access !== "public") expect(res.headers.get("cache-control"), label).toBe("private, no-store");
      if (admitted(op.access, caller)) {
        expect([401, 403], label).not.toContain(res.status);
        if (op.access === "owner") expect(res.status, label).toBe(200);
      } else if (caller === "anonymous") {
        expect(res.status, label).toBe(401);
      } else if (op.access === "admin") {
        expect(res.status, label).toBe(403);
      } else {
        // Another student's (or, for an admin, a student's) resource: as if it did not exist.
        expect([403, 404], label).toContain(res.status);
      }
    }
  });
});

async function ownerParams(op: Operation, cookie: string) {
  const make = OWNED[op.path];
  if (!make) throw new Error(`${name(op)} is an owner route: add a resource it can be tried on to OWNED in contract.test.ts`);
  return make(cookie);
}

const STATE_CHANGING = OPERATIONS.filter((op) => op.method !== "GET");

describe("every state-changing route refuses a request from another site", () => {
  it.each(STATE_CHANGING.filter((op) => op.access !== "webhook").map((op) => [name(op), op] as const))("%s", async (_, op) => {
    const jar = await cookies();
    const url = urlOf(op, {}, validQuery(op));
    for (const origin of ["https://evil.example", null]) {
      const res = await call(op, url, { cookie: jar.admin, origin, body: "{}" });
      expect(res.status, `${name(op)} from ${origin}`).toBe(403);
      expect((await res.json()).message).toBe("This request did not come from ExamPrep's own pages, so it was refused.");
    }
  });

  it("lets the webhook through without an Origin: its signature is its proof", () => {
    expect(STATE_CHANGING.filter((op) => op.access === "webhook").map((op) => op.path)).toEqual(["/api/stripe/webhook"]);
  });
});

/** Every declared property given something of no type it accepts. */
function wrongTypes(body: JsonSchema | undefined): string[] {
  const props = Object.keys(body?.properties ?? {});
  return [
    "[]",
    '"text"',
    "null",
    "42",
    JSON.stringify(Object.fromEntries(props.map((p) => [p, { unexpected: [true] }]))),
    JSON.stringify(Object.fromEntries(props.map((p) => [p, "x".repeat(60_000 / Math.max(props.length, 1))]))),
  ];
}
/** The largest (or smallest) value the schema allows for every field: valid-looking input at its extremes. */
function extreme(schema: JsonSchema | undefined, end: "max" | "min" | "odd"): unknown {
  if (!schema) return undefined;
  if (schema.enum) return end === "min" ? schema.enum[0] : schema.enum.at(-1);
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative) return extreme(alternative, end);
  const type = [schema.type].flat()[0];
  const s = schema as JsonSchema & { maximum?: number; minLength?: number };
  switch (type) {
    case "string":
      // "odd": a NUL, a lone surrogate, markup and a format directive, within the length allowed.
      if (end === "odd") return "\u0000\ud800<b>'%s\\".slice(0, schema.maxLength ?? 10);
      return "x".repeat(end === "max" ? Math.min(schema.maxLength ?? 100, 10_000) : s.minLength ?? 0);
    case "integer":
    case "number":
      return end === "min" ? schema.minimum ?? -Number.MAX_SAFE_INTEGER : s.maximum ?? Number.MAX_SAFE_INTEGER;
    case "boolean":
      return end !== "min";
    case "array":
      return end !== "min" && schema.items ? [extreme(schema.items, end)] : [];
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, extreme(v, end)]));
    default:
      return null;
  }
}

const ONE_MB = JSON.stringify({ filler: "x".repeat(1024 * 1024) });

describe("every route refuses bad input with a 4xx and a JSON message, never a 5xx", () => {
  it.each(STATE_CHANGING.map((op) => [name(op), op] as const))("%s: malformed JSON, wrong types, no body, 1 MB", async (_, op) => {
    const jar = await cookies();
    const caller = passer(op.access);
    const attempt = async (label: string, body: string | undefined) => {
      const params = op.access === "owner" ? await ownerParams(op, jar.student!) : {};
      const res = await call(op, urlOf(op, params, validQuery(op)), { cookie: jar[caller], body });
      const { message } = await expectWellFormed(res, `${name(op)} as ${caller}, ${label}`);
      return { status: res.status, message };
    };
    for (const malformed of ['{"subject":', "not json", "{'single': 'quotes'}"]) {
      const res = await attempt(`malformed ${malformed}`, malformed);
      if (op.body) expect(res).toEqual({ status: 400, message: "The request body must be JSON." });
    }
    const missing = await attempt("no body", undefined);
    if (op.body) expect(missing.status).toBe(400);
    for (const wrong of wrongTypes(op.body)) {
      const res = await attempt(`wrong types ${wrong.slice(0, 40)}`, wrong);
      if (op.body) expect(res.status, `${name(op)} with ${wrong.slice(0, 60)}`).toBe(400);
    }
    for (const end of ["max", "min", "odd"] as const) await attempt(`every field at its ${end}`, JSON.stringify(extreme(op.body, end) ?? {}));
    // 1 MB, or one byte over the limit of a route that takes more (an upload).
    const limit = op.bodyLimit ?? DEFAULT_BODY_LIMIT;
    const big = await attempt("a body over its limit", limit >= ONE_MB.length ? "x".repeat(limit + 1) : ONE_MB);
    expect(big.status).toBe(413);
  });

  it.each(OPERATIONS.filter((op) => op.parameters.length).map((op) => [name(op), op] as const))("%s: bad path and query parameters", async (_, op) => {
    const jar = await cookies();
    const caller = passer(op.access);
    const junk = ["abc", "-1", "1e400", "99999999999999999999", "%00", "x".repeat(5000)];
    const path = op.parameters.filter((p) => p.in === "path");
    const query = op.parameters.filter((p) => p.in === "query");
    for (const value of junk) {
      const label = `${name(op)} with ${value.slice(0, 20)}`;
      if (path.length) {
        // No resource has a junk name: a 4xx (404 or 400), whatever the route.
        const params = Object.fromEntries(path.map((p) => [p.name, value]));
        const res = await call(op, urlOf(op, params, validQuery(op)), { cookie: jar[caller], body: "{}" });
        await expectWellFormed(res, `${label} in the path`);
        expect(res.status, `${label} in the path`).toBeGreaterThanOrEqual(400);
      }
      for (const p of query) {
        // A query may be a free search (no match is an empty 200); a typed or over-long one is refused.
        const res = await call(op, urlOf(op, {}, { ...validQuery(op), [p.name]: value }), { cookie: jar[caller] });
        await expectWellFormed(res, `${label} in ${p.name}`);
        const refused = p.schema.type !== "string" || p.schema.enum !== undefined || value.length > (p.schema.maxLength ?? Infinity);
        if (refused) expect(res.status, `${label} in ${p.name}`).toBe(400);
      }
    }
    if (op.parameters.some((p) => p.in === "query" && p.required)) {
      const res = await call(op, urlOf(op, {}), { cookie: jar[caller] });
      await expectWellFormed(res, `${name(op)} without its query`);
      expect(res.status).toBe(400);
    }
  });
});

/** Each string field of a valid body, one at a time, made exactly `length(max)` long (an e-mail stays one). */
function stretched(example: unknown, schema: JsonSchema, extra: 0 | 1): { field: string; body: unknown }[] {
  const out: { field: string; body: unknown }[] = [];
  const visit = (value: unknown, s: JsonSchema | undefined, path: string[]) => {
    if (!s) return;
    const alternative = s.anyOf?.find((a) => [a.type].flat().includes("string")) ?? s;
    if (typeof value === "string" && alternative.maxLength !== undefined) {
      const length = alternative.maxLength + extra;
      const at = value.lastIndexOf("@");
      const long = at > 0 ? "x".repeat(Math.max(1, length - (value.length - at))) + value.slice(at) : "x".repeat(length);
      out.push({ field: path.join("."), body: setPath(example, path, long) });
    } else if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) visit(v, s.properties?.[k], [...path, k]);
    }
  };
  visit(example, schema, []);
  return out;
}
/** The example with every number, choice, flag and list at its `end` (its free texts kept): the services at their limits. */
function examplePushed(example: unknown, schema: JsonSchema | undefined, end: "max" | "min"): unknown {
  if (!schema) return example;
  const isFreeText = [schema.type].flat().includes("string") && !schema.enum;
  if (isFreeText || schema.anyOf || schema.oneOf) return example;
  if (schema.properties) {
    const given = (example ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, examplePushed(given[k], v, end)]).filter(([, v]) => v !== undefined));
  }
  return extreme(schema, end);
}
function setPath(obj: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const copy = { ...(obj as Record<string, unknown>) };
  copy[path[0]] = setPath(copy[path[0]], path.slice(1), value);
  return copy;
}

describe("every body is bounded field by field, and valid bodies at their limits are served", () => {
  it("every route that takes a body documents a valid example", () => {
    for (const route of API_ROUTES.filter((r) => r.body)) {
      expect(route.example, `${route.method} ${route.path}: add an example to its entry in api/contract.ts`).toBeDefined();
      const parsed = route.body!.safeParse(route.example);
      expect(parsed.error?.issues ?? [], `${route.method} ${route.path}'s example`).toEqual([]);
    }
  });

  const withExamples = OPERATIONS.filter((op) => op.example !== undefined);
  it.each(withExamples.map((op) => [name(op), op] as const))("%s", async (_, op) => {
    const jar = await cookies();
    const caller = passer(op.access);
    const url = urlOf(op, {}, validQuery(op));
    const post = async (body: unknown, label: string) => {
      const res = await call(op, url, { cookie: jar[caller], body: JSON.stringify(body) });
      return { status: res.status, ...(await expectWellFormed(res, `${name(op)}: ${label}`)) };
    };
    // One character over a field's maximum: refused with a message (tried first: rate limits count only valid requests).
    for (const { field, body } of stretched(op.example, op.body!, 1)) {
      const res = await post(body, `${field} one over its maximum`);
      expect(res.status, `${name(op)}: ${field} one over its maximum`).toBe(400);
    }
    await post(op.example, "its example");
    for (const end of ["max", "min"] as const) await post(examplePushed(op.example, op.body, end), `its example with everything but text at its ${end}`);
    for (const { field, body } of stretched(op.example, op.body!, 0)) await post(body, `${field} at its maximum`);
  });
});

describe("every refusal on /api is JSON", () => {
  it("an unknown path is a 404, a known path with another method a 405 naming the allowed ones", async () => {
    const unknown = await t.app.request("/api/no-such-thing", { method: "POST", headers: { origin: TEST_ORIGIN } });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe("No API route for POST /api/no-such-thing");

    const wrongMethod = await t.app.request("/api/login");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    expect(await wrongMethod.json()).toMatchObject({ message: "GET is not allowed on /api/login: use POST." });

    const subjects = await t.app.request("/api/subjects", { method: "DELETE", headers: { origin: TEST_ORIGIN } });
    expect(subjects.status).toBe(405);
    expect(subjects.headers.get("allow")).toBe("GET, POST");
    const paper = await t.app.request("/api/generated-papers/12", { method: "PATCH", headers: { origin: TEST_ORIGIN } });
    expect(paper.status).toBe(405);
    expect(paper.headers.get("allow")).toBe("GET, DELETE");
  });

  it("a body over the limit is refused before anything reads it, whether or not it says its length", async () => {
    const { cookie } = await studentWithCredits(t, "bulky", 0);
    const body = JSON.stringify({ subject: FEEDBACK_SUBJECTS[0].value, description: "x".repeat(DEFAULT_BODY_LIMIT), email: "a@example.com" });
    const declared = await t.app.request("/api/feedback", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/json", "content-length": String(body.length) },
      body,
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ message: "The request body is too large: at most 64 KB." });
    // Streamed, with no Content-Length: counted as it arrives.
    const streamed = await t.app.request("/api/feedback", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/json" },
      body: new Blob([body]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    // Just under the limit is read as usual (and refused by the schema's maximum, not the limit).
    const under = JSON.stringify({ subject: FEEDBACK_SUBJECTS[0].value, description: "x".repeat(DEFAULT_BODY_LIMIT - 100), email: "a@example.com" });
    const res = await send(t.app, "/api/feedback", JSON.parse(under), cookie);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(`Description must not exceed ${FEEDBACK_DESCRIPTION_MAX} characters`);
  });
});

describe("body limits keep the request's client address", () => {
  it("hands it on when a streamed body (no Content-Length) was counted", async () => {
    const app = new Hono().use(bodyLimits()).post("/api/echo", async (c) => c.json({ address: clientAddress(c), body: await c.req.json() }));
    const request = new Request("http://localhost/api/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Blob(['{"a":1}']).stream(),
      duplex: "half",
    } as RequestInit);
    Reflect.set(request, CLIENT_ADDRESS, "198.51.100.7");
    const res = await app.fetch(request);
    expect(await res.json()).toEqual({ address: "198.51.100.7", body: { a: 1 } });
  });
});

describe("the Stripe webhook with Stripe configured", () => {
  it("answers bad bodies with 400 and takes more than the default limit, up to its own", async () => {
    const deps = await createTestDeps({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_test", STRIPE_API_URL: "http://127.0.0.1:9" });
    const app = createApp(deps);
    const post = (body: string | undefined, signature = "t=1,v1=abc") =>
      Promise.resolve(app.request("/api/stripe/webhook", { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body }));
    for (const body of ['{"id":', "[]", undefined, JSON.stringify({ filler: "x".repeat(DEFAULT_BODY_LIMIT * 2) })]) {
      const res = await post(body);
      expect(res.status, body?.slice(0, 20)).toBe(400);
      expect((await res.json()).message).toMatch(/^Webhook signature verification failed/);
    }
    const tooBig = await post(ONE_MB);
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).message).toBe("The request body is too large: at most 256 KB.");
  });
});
