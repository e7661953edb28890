import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import type { GiftInput } from "../../shared/schemas.ts";
import { normaliseEmail } from "../auth/users.ts";
import { changeCredits } from "./ledger.ts";

/** Moves credits from one user to another in one database transaction (§2 Gift credits). */
export async function giftCredits(db: Database, senderId: number, input: GiftInput) {
  const recipientEmail = normaliseEmail(input.recipient);
  const recipient = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, recipientEmail)).get();
  if (!recipient) throw new HttpError(404, "No ExamPrep account uses that e-mail address. Ask your friend to register first.");
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
