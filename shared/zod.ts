// zod for the site and the API alike. Without `jitless`, zod probes `new Function` on first use to
// compile faster parsers; the site's Content-Security-Policy forbids eval, so in the browser that
// probe is a reported violation. The interpreted parsers are fast enough for forms and requests.
import { z } from "zod";

z.config({ jitless: true });

export { z };
