// A small OpenAI-compatible server for tests: answers POST /v1/chat/completions with whatever the
// test's `reply` returns for each request (the content of the assistant message, or an HTTP error),
// at once or when its promise settles: a slow model. A request whose client hangs up first (an
// aborted request) is counted in `aborted` and gets no answer.
// Like the real API it refuses, with a 400, a structured-output request whose JSON schema strict
// mode cannot take; with `requireJsonSchema` it also refuses any request that does not ask for
// structured output, so a test proves the client sends the schema.
import { createServer, type Server } from "node:http";

export interface JsonSchemaFormat {
  type: "json_schema";
  json_schema: { name: string; strict?: boolean; schema: Record<string, unknown>; description?: string };
}
export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: "json_object" | "text" } | JsonSchemaFormat;
  authorization?: string;
}
export type StandInReply = { content: string } | { status: number; error: { message: string; type?: string; code?: string } };

export interface OpenAIStandIn {
  /** Pass as OPENAI_BASE_URL. */
  baseUrl: string;
  requests: ChatRequest[];
  /** Requests the client closed before their answer was sent. */
  aborted: number;
  /** Requests whose answer has not been sent yet. */
  pending: number;
  reply: (req: ChatRequest) => StandInReply | Promise<StandInReply>;
  close: () => Promise<void>;
}

/** Why the API would refuse this response_format, or null when it is acceptable. */
export function responseFormatProblem(format: ChatRequest["response_format"], requireJsonSchema = false): string | null {
  if (!format || format.type !== "json_schema") {
    return requireJsonSchema ? `response_format must be {type: "json_schema"} (structured output), not ${JSON.stringify(format ?? null)}` : null;
  }
  const { name, strict, schema } = format.json_schema ?? {};
  if (typeof name !== "string" || !/^[a-zA-Z0-9_-]{1,64}$/.test(name)) return "json_schema.name must be 1 to 64 letters, digits, '_' or '-'";
  if (!schema || typeof schema !== "object" || schema.type !== "object") return "json_schema.schema must be an object schema";
  if (strict) return strictProblem(schema, "schema");
  return null;
}

/** Strict structured output: every object lists all its properties as required and allows no others. */
function strictProblem(node: unknown, path: string): string | null {
  if (!node || typeof node !== "object") return null;
  if (Array.isArray(node)) {
    for (const [i, child] of node.entries()) {
      const problem = strictProblem(child, `${path}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  const n = node as Record<string, unknown>;
  if (n.properties && typeof n.properties === "object") {
    const keys = Object.keys(n.properties);
    const required = Array.isArray(n.required) ? n.required : [];
    const missing = keys.filter((k) => !required.includes(k));
    if (missing.length) return `In strict mode, ${path} must list every property as required (missing: ${missing.join(", ")})`;
    if (n.additionalProperties !== false) return `In strict mode, ${path} must set additionalProperties to false`;
  }
  for (const [k, child] of Object.entries(n)) {
    const problem = strictProblem(child, `${path}.${k}`);
    if (problem) return problem;
  }
  return null;
}

export async function startOpenAIStandIn(reply: OpenAIStandIn["reply"], options: { requireJsonSchema?: boolean } = {}): Promise<OpenAIStandIn> {
  const standIn = { requests: [] as ChatRequest[], aborted: 0, pending: 0, reply } as OpenAIStandIn;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (d) => (raw += d));
    res.on("close", () => {
      if (!res.writableEnded) standIn.aborted++;
    });
    req.on("end", async () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "unknown route" } }));
        return;
      }
      const body = JSON.parse(raw) as ChatRequest;
      body.authorization = req.headers.authorization;
      standIn.requests.push(body);
      const problem = responseFormatProblem(body.response_format, options.requireJsonSchema);
      standIn.pending++;
      const answer: StandInReply = problem
        ? { status: 400, error: { message: problem, type: "invalid_request_error", code: "invalid_response_format" } }
        : await standIn.reply(body);
      standIn.pending--;
      if (res.destroyed) return;
      if ("status" in answer) {
        res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify({ error: answer.error }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({
        id: `chatcmpl-${standIn.requests.length}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: answer.content, refusal: null } }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  standIn.baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
  standIn.close = () => new Promise<void>((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
  return standIn;
}
