// Astro 7's request entry (srcDir/fetch.ts): the whole server is the Hono app of api/app.ts,
// with Astro rendering the pages that pass its access check.
import type { MiddlewareHandler } from "hono";
import { astro, getFetchState } from "astro/hono";
import { createApp } from "../api/app.ts";
import type { AppEnv } from "../api/context.ts";
import { getDeps } from "../api/runtime.ts";

const renderPages = astro();

const pages: MiddlewareHandler<AppEnv> = (c, next) => {
  // Pages read the user resolved by the session middleware instead of looking it up again.
  getFetchState(c).locals.user = c.var.user;
  return renderPages(c as never, next);
};

export default createApp(await getDeps(), { pages });
