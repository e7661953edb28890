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
  const state = getFetchState(c);
  // Pages are rendered whole before a byte is sent: a render error then ends in the complete 500
  // page with its status, never in a 200 document cut off where the error happened. The pages are
  // small and rendered in milliseconds, so streaming bought little. (Astro's own createApp option
  // does not reach a custom fetch handler's state, so it is set here.)
  state.streaming = false;
  const { locals } = state;
  locals.user = c.var.user;
  // The 500 page shows it, and logs the error with it.
  locals.requestId = c.var.requestId;
  return renderPages(c as never, next);
};

export default createApp(await getDeps(), { pages });
