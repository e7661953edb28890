import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import type { GiftInput } from "../../shared/schemas.ts";
import { normaliseEmail } from "../auth/users.ts";
import { changeCredits, creditBalance, NotEnoughCredits } from "./ledger.ts";

export const NO_SUCH_RECIPIENT = "No ExamPrep account uses that e-mail address. Ask your friend to register first.";

/**
 * Limits on recipient lookups (api/credits/limits.ts): `retryAfter` is asked before any lookup (0 to
 * go on), `missed` is told of each address with no account.
 */
export interface LookupLimit {
  retryAfter: () => number;
  missed: () => void;
}

/**
 * Moves credits from one user to another in one database transaction (§2 Gift credits). Whether an
 * address has an account is only answered to a sender who could afford the gift, and a sender's
 * answers of 'no account' are limited (`limit`), so gifts cannot be used to list who has an account.
 */
export async function giftCredits(
  db: Database,
  senderId: number,
  input: GiftInput,
  limit?: LookupLimit,
): Promise<{ retryAfter: number } | { message: string; remainingCredits: number }> {
  const available = await creditBalance(db, senderId);
  if (available < input.creditAmount) throw new NotEnoughCredits(available);
  const wait = limit?.retryAfter() ?? 0;
  if (wait) return { retryAfter: wait };
  const recipientEmail = normaliseEmail(input.recipient);
  const recipient = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, recipientEmail)).get();
  if (!recipient) {
    limit?.missed();
    throw new HttpError(404, NO_SUCH_RECIPIENT);
  }
  if (recipient.id === senderId) throw new HttpError(400, "You cannot gift credits to yourself.");
  const sender = await db.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, senderId)).get();
  const note = input.message ? `: "${input.message}"` : "";
  const plural = input.creditAmount === 1 ? "" : "s";
  const remainingCredits = await db.transaction(async (tx) => {
    const remaining = await changeCredits(tx, {
      userId: senderId,
      delta: -input.creditAmount,
      type: "gift_sent",
      description: `Gift of ${input.creditAmount} credit${plural} to ${recipient.email}${note}`,
      reference: `user:${recipient.id}`,
    });
    await changeCredits(tx, {
      userId: recipient.id,
      delta: input.creditAmount,
      type: "gift_received",
      description: `Gift of ${input.creditAmount} credit${plural} from ${sender?.fullName ?? "a friend"} (${sender?.email})${note}`,
      reference: `user:${senderId}`,
    });
    return remaining;
  });
  return { message: `You sent ${input.creditAmount} credit${plural} to ${recipient.email}.`, remainingCredits };
}
