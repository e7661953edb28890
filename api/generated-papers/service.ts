import { count, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { generatedPapers } from "../db/schema.ts";

/** How many papers a user has generated: the home page's 'Papers generated' figure. */
export async function countGeneratedPapers(db: Database, userId: number): Promise<number> {
  const row = await db.select({ n: count() }).from(generatedPapers).where(eq(generatedPapers.userId, userId)).get();
  return row?.n ?? 0;
}
