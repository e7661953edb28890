// A local stand-in for the parts of Stripe's API ExamPrep calls (creating, expiring and retrieving
// Checkout sessions), for the API tests and the browser tests: the real stripe SDK talks to it through
// STRIPE_API_URL. Webhooks are signed with the SDK's own test helper (signedWebhook).
import { createServer, type Server } from "node:http";
import Stripe from "stripe";

export interface StandInSession {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: { checkoutId: string | null; userId: string | null };
}

export interface StripeStandIn {
  /** Pass as STRIPE_API_URL. */
  apiUrl: string;
  /** Each session creation's request: its Authorization header and form body. */
  received: { authorization?: string; body: URLSearchParams }[];
  sessions: Map<string, StandInSession>;
  /** The ids of the sessions it was asked to expire, in order. */
  expired: string[];
  /** When set, the next session creations are refused (a Stripe outage). */
  failCreate: boolean;
  reset(): void;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const standIn = { received: [], sessions: new Map(), expired: [], failCreate: false } as unknown as StripeStandIn;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (d) => (raw += d));
    req.on("end", () => {
      const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      // Expiring a session, as Stripe does: only an open one.
      const expire = req.method === "POST" ? req.url?.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/) : null;
      const retrieve = req.method === "GET" ? req.url?.match(/^\/v1\/checkout\/sessions\/([^/?]+)/) : null;
      if (expire || retrieve) {
        const id = (expire ?? retrieve)![1];
        const session = standIn.sessions.get(id);
        if (!session) return json(404, { error: { type: "invalid_request_error", message: `No such checkout.session: '${id}'` } });
        if (expire) {
          standIn.expired.push(id);
          if (session.status !== "open") {
            return json(400, { error: { type: "invalid_request_error", message: `Only Checkout Sessions with a status in ["open"] can be expired.` } });
          }
          session.status = "expired";
        }
        return json(200, session);
      }
      if (req.method !== "POST" || req.url !== "/v1/checkout/sessions") return json(404, { error: { message: "unknown route" } });
      const body = new URLSearchParams(raw);
      standIn.received.push({ authorization: req.headers.authorization, body });
      if (standIn.failCreate) return json(400, { error: { type: "invalid_request_error", message: "stand-in refused" } });
      const n = standIn.received.length;
      const session: StandInSession = {
        id: `cs_test_${n}`,
        object: "checkout.session",
        url: `https://checkout.stripe.test/pay/cs_test_${n}`,
        payment_status: "unpaid",
        status: "open",
        amount_total: Number(body.get("line_items[0][price_data][unit_amount]")),
        currency: body.get("line_items[0][price_data][currency]") ?? "gbp",
        client_reference_id: body.get("client_reference_id"),
        metadata: { checkoutId: body.get("metadata[checkoutId]"), userId: body.get("metadata[userId]") },
      };
      standIn.sessions.set(session.id, session);
      json(200, session);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  standIn.apiUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  standIn.reset = () => {
    standIn.received = [];
    standIn.sessions.clear();
    standIn.expired = [];
    standIn.failCreate = false;
  };
  standIn.close = () => new Promise<void>((done) => server.close(() => done()));
  return standIn;
}

/** A Checkout session event as Stripe sends it, for a session of the stand-in's shape. */
export function sessionEvent(type: string, id: string, session: Pick<StandInSession, "id" | "amount_total" | "currency"> & { checkoutId: string; paymentStatus: string }) {
  return JSON.stringify({
    id,
    object: "event",
    type,
    data: {
      object: {
        id: session.id,
        object: "checkout.session",
        metadata: { checkoutId: session.checkoutId },
        client_reference_id: session.checkoutId,
        payment_status: session.paymentStatus,
        amount_total: session.amount_total,
        currency: session.currency,
      },
    },
  });
}

const sdk = new Stripe("sk_test_stand_in");
/** Delivers a webhook to `baseUrl`'s /api/stripe/webhook, signed with `secret` by the SDK's test helper. */
export async function deliverWebhook(baseUrl: string, payload: string, secret: string, tamper?: (p: string) => string): Promise<Response> {
  const signature = await sdk.webhooks.generateTestHeaderStringAsync({ payload, secret });
  return fetch(`${baseUrl}/api/stripe/webhook`, {
    method: "POST",
    headers: { "stripe-signature": signature, "content-type": "application/json" },
    body: tamper ? tamper(payload) : payload,
  });
}
