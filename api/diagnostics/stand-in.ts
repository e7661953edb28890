// A local stand-in of Google's token endpoint and Document AI's REST API, for tests. The token
// endpoint checks the JWT-bearer assertion as Google does: signed (RS256) by the private key of a
// registered service account (checked with that account's public key), issued by its client_email,
// for this token URL, unexpired. Document AI answers processors.list, create, get and :process in
// Google's shapes (errors with ErrorInfo reasons such as SERVICE_DISABLED); :process reads the PDF's
// text with positions (unpdf) and returns a Document: text, pages with dimension, paragraphs, lines
// and tokens (normalised boxes, int64 indexes as strings, as Google's JSON has them).
import { createServer, type Server } from "node:http";
import { Buffer } from "node:buffer";
import { randomBytes } from "node:crypto";
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from "jose";
import { pdfText } from "../structure/pdf-text.ts";
import type { DocumentAiDocument, DocumentPage } from "./document-ai.ts";
import type { ProcessorInfo } from "../../shared/diagnostics.ts";

export interface StandInAccount {
  clientEmail: string;
  projectId: string;
  publicKeyPem: string;
  /** The project has the Document AI API enabled (default true). */
  apiEnabled?: boolean;
  /** The account may list, create and use processors (default true). */
  permitted?: boolean;
}

export interface DocumentAiStandIn {
  /** Pass as DOCUMENT_AI_API_URL. */
  apiUrl: string;
  /** Pass as GOOGLE_TOKEN_URL. */
  tokenUrl: string;
  accounts: Map<string, StandInAccount>;
  processors: ProcessorInfo[];
  /** Every request, method and path. */
  requests: { method: string; path: string }[];
  /** Assertions refused, with Google's error description. */
  refused: string[];
  /** PDFs processed: their size in bytes. */
  processed: number[];
  addAccount: (account: StandInAccount) => void;
  close: () => Promise<void>;
}

/** A new service-account key file as Google Cloud gives one, and its public key. */
export async function testServiceAccount(projectId = "exam-prep-test", name = "docai-diagnostics") {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
  const clientEmail = `${name}@${projectId}.iam.gserviceaccount.com`;
  const key = {
    type: "service_account",
    project_id: projectId,
    private_key_id: randomBytes(20).toString("hex"),
    private_key: await exportPKCS8(privateKey),
    client_email: clientEmail,
    client_id: String(100000000000000000000n + BigInt(randomBytes(4).readUInt32BE())),
    auth_uri: "https://accounts.google.com/o/oauth2/auth",
    token_uri: "https://oauth2.googleapis.com/token",
    auth_provider_x509_cert_url: "https://www.googleapis.com/oauth2/v1/certs",
    client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(clientEmail)}`,
    universe_domain: "googleapis.com",
  };
  return { json: JSON.stringify(key, null, 2), key, account: { clientEmail, projectId, publicKeyPem: await exportSPKI(publicKey) } satisfies StandInAccount };
}

const googleError = (code: number, status: string, message: string, reason?: string) => ({
  error: { code, message, status, ...(reason ? { details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "googleapis.com" }] } : {}) },
});

/** The Document AI Document of a PDF: its text layer's lines, with boxes normalised to the page. */
export async function documentOfPdf(pdf: Uint8Array): Promise<DocumentAiDocument> {
  const { lines, pages } = await pdfText(pdf);
  let text = "";
  const out: DocumentPage[] = [];
  for (let n = 1; n <= pages; n++) {
    const page: DocumentPage = { pageNumber: n, dimension: { width: 595, height: 842, unit: "points" }, paragraphs: [], lines: [], tokens: [], tables: [], formFields: [] };
    const pageStart = text.length;
    for (const line of lines.filter((l) => l.page === n)) {
      const [w, h] = [line.pageWidth, line.pageHeight];
      page.dimension = { width: w, height: h, unit: "points" };
      const poly = (left: number, right: number) => {
        const top = (h - line.y - 10) / h;
        const bottom = (h - line.y) / h;
        return { normalizedVertices: [{ x: left / w, y: top }, { x: right / w, y: top }, { x: right / w, y: bottom }, { x: left / w, y: bottom }] };
      };
      const lineStart = text.length;
      for (const [i, item] of line.items.entries()) {
        const start = text.length;
        text += item.text + (i < line.items.length - 1 ? " " : "");
        page.tokens!.push({ layout: { textAnchor: { textSegments: [{ startIndex: String(start), endIndex: String(text.length) }] }, confidence: 0.98, boundingPoly: poly(item.x, item.right) } });
      }
      text += "\n";
      const layout = { textAnchor: { textSegments: [{ ...(lineStart ? { startIndex: String(lineStart) } : {}), endIndex: String(text.length) }] }, confidence: 0.96, boundingPoly: poly(line.items[0].x, line.items.at(-1)!.right) };
      page.lines!.push({ layout });
      page.paragraphs!.push({ layout: { ...layout, confidence: 0.94 } });
    }
    page.layout = { textAnchor: { textSegments: [{ startIndex: String(pageStart), endIndex: String(text.length) }] }, confidence: 0.95 };
    out.push(page);
  }
  return { text, mimeType: "application/pdf", pages: out, entities: [] };
}

export async function startDocumentAiStandIn(): Promise<DocumentAiStandIn> {
  const tokens = new Map<string, StandInAccount>();
  const standIn = { accounts: new Map(), processors: [], requests: [], refused: [], processed: [] } as unknown as DocumentAiStandIn;
  standIn.addAccount = (a) => standIn.accounts.set(a.clientEmail, a);

  async function grant(form: URLSearchParams): Promise<[number, unknown]> {
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return [400, { error: "unsupported_grant_type", error_description: "Invalid grant_type." }];
    const assertion = form.get("assertion") ?? "";
    const claims = JSON.parse(Buffer.from(assertion.split(".")[1] ?? "", "base64url").toString() || "{}");
    const account = standIn.accounts.get(claims.iss);
    const refuse = (description: string): [number, unknown] => {
      standIn.refused.push(description);
      return [400, { error: "invalid_grant", error_description: description }];
    };
    if (!account) return refuse("Invalid grant: account not found");
    try {
      await jwtVerify(assertion, await importSPKI(account.publicKeyPem, "RS256"), { issuer: account.clientEmail, audience: standIn.tokenUrl, algorithms: ["RS256"], maxTokenAge: "1h" });
    } catch {
      return refuse("Invalid JWT Signature.");
    }
    if (!String(claims.scope ?? "").split(" ").includes("https://www.googleapis.com/auth/cloud-platform")) return refuse("Invalid scope.");
    const token = `ya29.${randomBytes(24).toString("base64url")}`;
    tokens.set(token, account);
    return [200, { access_token: token, expires_in: 3599, token_type: "Bearer" }];
  }

  async function api(method: string, path: string, auth: string, raw: string): Promise<[number, unknown]> {
    const account = tokens.get(auth.replace(/^Bearer /, ""));
    if (!account) return [401, googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.", "ACCESS_TOKEN_TYPE_UNSUPPORTED")];
    const match = path.match(/^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/processors(?:\/([^/:]+))?(:process)?$/);
    if (!match) return [404, googleError(404, "NOT_FOUND", `No route for ${method} ${path}`)];
    const [, project, location, id, process] = match;
    if (account.apiEnabled === false) {
      return [403, googleError(403, "PERMISSION_DENIED", `Cloud Document AI API has not been used in project ${project} before or it is disabled.`, "SERVICE_DISABLED")];
    }
    if (account.permitted === false || project !== account.projectId) {
      return [403, googleError(403, "PERMISSION_DENIED", `Permission 'documentai.processors.${process ? "processOnline" : id ? "get" : method === "POST" ? "create" : "list"}' denied on resource '//documentai.googleapis.com/projects/${project}/locations/${location}' (or it may not exist).`, "IAM_PERMISSION_DENIED")];
    }
    const parentName = `projects/${project}/locations/${location}`;
    if (!id && method === "GET") return [200, { processors: standIn.processors.filter((p) => p.name.startsWith(`${parentName}/`)) }];
    if (!id && method === "POST") {
      const body = JSON.parse(raw || "{}");
      const processor = { name: `${parentName}/processors/${randomBytes(8).toString("hex")}`, type: body.type, displayName: body.displayName, state: "ENABLED" };
      standIn.processors.push(processor);
      return [200, processor];
    }
    const processor = standIn.processors.find((p) => p.name === `${parentName}/processors/${id}`);
    if (!processor) return [404, googleError(404, "NOT_FOUND", `Processor ${parentName}/processors/${id} not found.`)];
    if (!process) return [200, processor];
    const content = JSON.parse(raw || "{}").rawDocument?.content;
    if (!content) return [400, googleError(400, "INVALID_ARGUMENT", "Request contains an invalid argument: rawDocument.content is empty.")];
    const pdf = new Uint8Array(Buffer.from(content, "base64"));
    try {
      const document = await documentOfPdf(pdf);
      standIn.processed.push(pdf.byteLength);
      return [200, { document, humanReviewStatus: { state: "SKIPPED" } }];
    } catch {
      return [400, googleError(400, "INVALID_ARGUMENT", "Unsupported input file format.")];
    }
  }

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (d) => (raw += d));
    req.on("end", async () => {
      const path = new URL(req.url ?? "/", "http://stand-in").pathname;
      standIn.requests.push({ method: req.method ?? "GET", path });
      const [status, body] = path === "/token" && req.method === "POST"
        ? await grant(new URLSearchParams(raw))
        : await api(req.method ?? "GET", path, String(req.headers.authorization ?? ""), raw);
      res.writeHead(status, { "content-type": "application/json; charset=utf-8", connection: "close" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  standIn.apiUrl = origin;
  standIn.tokenUrl = `${origin}/token`;
  standIn.close = () => new Promise<void>((done) => server.close(() => done()));
  return standIn;
}
