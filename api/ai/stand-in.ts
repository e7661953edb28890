// A small OpenAI-compatible server for tests: answers POST /v1/chat/completions with whatever the
// test's `reply` returns for each request (the content of the assistant message, or an HTTP error).
import { createServer, type Server } from "node:http";

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string };
  authorization?: string;
}
export type StandInReply = { content: string } | { status: number; error: { message: string; type?: string; code?: string } };

export interface OpenAIStandIn {
  /** Pass as OPENAI_BASE_URL. */
  baseUrl: string;
  requests: ChatRequest[];
  reply: (req: ChatRequest) => StandInReply;
  close: () => Promise<void>;
}

export async function startOpenAIStandIn(reply: (req: ChatRequest) => StandInReply): Promise<OpenAIStandIn> {
  const standIn = { requests: [] as ChatRequest[], reply } as OpenAIStandIn;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (d) => (raw += d));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "unknown route" } }));
        return;
      }
      const body = JSON.parse(raw) as ChatRequest;
      body.authorization = req.headers.authorization;
      standIn.requests.push(body);
      const answer = standIn.reply(body);
      if ("status" in answer) {
        res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify({ error: answer.error }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({
        id: `chatcmpl-${standIn.requests.length}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: answer.content } }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  standIn.baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
  standIn.close = () => new Promise<void>((done) => server.close(() => done()));
  return standIn;
}
