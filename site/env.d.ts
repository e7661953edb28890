/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    user: import("../api/auth/session.ts").SessionUser | null;
    /** The request's id (api/app.ts): shown on the 500 page for support to find the log lines. */
    requestId?: string;
  }
}
