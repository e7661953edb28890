// The one place configuration is read. A bad value stops the server with a message naming the variable.
import { existsSync } from "node:fs";
import process from "node:process";
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalUrl = optionalString.pipe(z.url({ protocol: /^https?$/, message: "must be an http(s) URL such as https://example.com" }).optional());

const contactEmailSchema = z.email({ message: "must be an e-mail address" }).default("support@examprep.co.uk");

/**
 * The contact address alone, for pages built ahead of time: a build needs none of the server's
 * secrets, so it does not parse (and require) the rest of the configuration.
 */
export function contactEmail(vars: Record<string, string | undefined> = process.env): string {
  return contactEmailSchema.parse(vars.CONTACT_EMAIL || undefined);
}

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(8000),
    HOST: z.string().default("0.0.0.0"),
    /** The public origin, e.g. https://examprep.co.uk. Defaults to http://localhost:PORT. */
    APP_ORIGIN: optionalUrl,
    DATABASE_URL: z
      .string()
      .default("file:data/examprep.db")
      .refine((v) => /^(file:|libsql:|https?:|wss?:)/.test(v), "must start with file:, libsql:, http(s): or ws(s):"),
    DATABASE_AUTH_TOKEN: optionalString,
    ADMIN_EMAIL: optionalString.pipe(z.email({ message: "must be an e-mail address" }).optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(6, "must be at least 6 characters").max(50).optional()),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    /** Google's OpenID endpoints; tests point them at a local mock provider. */
    GOOGLE_AUTH_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
    GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
    GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
    GOOGLE_ISSUER: z.string().default("https://accounts.google.com"),
    STRIPE_SECRET_KEY: optionalString,
    /**
     * Production without Stripe: purchases are refused rather than run through the test checkout,
     * which takes no money. Named loudly because a shop that cannot sell is never the default.
     */
    DISABLE_ALL_PURCHASES: z
      .enum(["true", "false", "1", "0", ""])
      .optional()
      .transform((v) => v === "true" || v === "1"),
    /**
     * The request header a trusted reverse proxy puts the client's address in (x-forwarded-for,
     * x-real-ip, cf-connecting-ip…). Unset: the socket's peer is the client (Deno Deploy, or no proxy).
     */
    TRUSTED_PROXY_HEADER: optionalString.pipe(z.string().regex(/^[A-Za-z0-9-]+$/, "must be a header name such as x-forwarded-for").optional()),
    /** How much the server logs: one line per request at info. Tests default to warn. */
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).optional(),
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** Stripe's API address; tests point it at a local stand-in. */
    STRIPE_API_URL: optionalUrl,
    CONTACT_EMAIL: contactEmailSchema,
    /** An OpenAI-compatible model for predicted questions and study plans; without a key the offline engines do it all. */
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalUrl,
    OPENAI_MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
    /** A transactional-mail service's API key (the System settings' key wins); without one, mail waits in the outbox table. */
    MAIL_API_KEY: optionalString,
    /** The service's send endpoint; it takes Resend's JSON (from, to, subject, text, reply_to) with a Bearer key. */
    MAIL_API_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL such as https://api.resend.com/emails" }).default("https://api.resend.com/emails"),
    /** The sender, e.g. 'ExamPrep <no-reply@examprep.co.uk>': an address of a domain verified with the mail service. */
    MAIL_FROM: z.string().trim().min(3).default("ExamPrep <no-reply@examprep.co.uk>"),
    /**
     * Seals the Document AI service-account key an admin uploads (AES-256-GCM, key derived by HKDF).
     * Its own secret: no other one fits (sessions are random tokens, Google's and Stripe's secrets
     * belong to those services and change with them). Without it no key can be stored.
     */
    DOCUMENT_AI_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)").optional()),
    /** The Document AI location the diagnostics' processors live in (admin-tools.md §9: us). */
    DOCUMENT_AI_LOCATION: z.enum(["us", "eu"]).default("us"),
    /** Document AI's REST address; by default https://LOCATION-documentai.googleapis.com. Tests point it at a local stand-in. */
    DOCUMENT_AI_API_URL: optionalUrl,
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
      ctx.addIssue({ code: "custom", path: ["ADMIN_EMAIL"], message: "is required when ADMIN_PASSWORD is set" });
    }
    if (env.OPENAI_BASE_URL && !env.OPENAI_API_KEY) {
      ctx.addIssue({ code: "custom", path: ["OPENAI_API_KEY"], message: "is required when OPENAI_BASE_URL is set (use any value if your server needs none)" });
    }
    if (env.NODE_ENV === "production" && !env.STRIPE_SECRET_KEY && !env.DISABLE_ALL_PURCHASES) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message:
          "is required when NODE_ENV=production: without it purchases would go through the test checkout, which takes no money (set DISABLE_ALL_PURCHASES=true to run with purchases switched off)",
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required when STRIPE_SECRET_KEY is set" });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID"],
        message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together",
      });
    }
  })
  .transform((env) => {
    const APP_ORIGIN = env.APP_ORIGIN ?? `http://localhost:${env.PORT}`;
    return {
      ...env,
      APP_ORIGIN,
      LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "warn" : "info"),
      /** Cookies are Secure whenever the site is served over https, whatever NODE_ENV says (and in production). */
      SECURE_COOKIES: APP_ORIGIN.startsWith("https:") || env.NODE_ENV === "production",
    } as const;
  });

/**
 * How credits are bought: Stripe when it is configured; the built-in test checkout (no money taken)
 * only outside production; in production without Stripe, not at all (DISABLE_ALL_PURCHASES).
 */
export function purchaseMode(env: Pick<Env, "STRIPE_SECRET_KEY" | "NODE_ENV">): "stripe" | "test" | "disabled" {
  if (env.STRIPE_SECRET_KEY) return "stripe";
  return env.NODE_ENV === "production" ? "disabled" : "test";
}

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment; throws a ConfigError whose lines each name the variable at fault. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((i) => `${i.path.join(".") || "environment"}: ${i.message}`));
}

let cached: Env | undefined;
/** The process environment, with a `.env` file in the working folder if there is one, parsed once. */
export function loadEnv(): Env {
  if (!cached && process.env.NODE_ENV !== "test" && existsSync(".env")) process.loadEnvFile(".env");
  cached ??= parseEnv(process.env);
  return cached;
}
