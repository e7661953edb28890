/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    user: import("../api/auth/session.ts").SessionUser | null;
  }
}
