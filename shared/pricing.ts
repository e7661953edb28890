// The price of credits (§9), computed the same way on the page and on the server.
import { BULK_DISCOUNTS, CREDIT_PRICE_PENCE } from "./constants.ts";

export interface CodeDiscount {
  discountPercentage: number;
  /** A fixed amount off, in pence, taken after the percentages. */
  amountOffPence?: number | null;
}

export interface Price {
  quantity: number;
  unitPence: number;
  /** quantity × 499, before any discount. */
  subtotalPence: number;
  bulkPercent: number;
  codePercent: number;
  amountOffPence: number;
  /** What is paid: percentages applied one after the other, rounded once to the penny, less any fixed amount, never below 0. */
  totalPence: number;
  /** subtotal − total. */
  savingPence: number;
}

export function bulkDiscountPercent(quantity: number): number {
  return BULK_DISCOUNTS.find((d) => quantity >= d.minQuantity)?.percent ?? 0;
}

export function priceCredits(quantity: number, code?: CodeDiscount | null): Price {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError("quantity must be a whole number of at least 1");
  const subtotalPence = quantity * CREDIT_PRICE_PENCE;
  const bulkPercent = bulkDiscountPercent(quantity);
  const codePercent = code?.discountPercentage ?? 0;
  const amountOffPence = code?.amountOffPence ?? 0;
  const discounted = subtotalPence * (1 - bulkPercent / 100) * (1 - codePercent / 100);
  // Rounded once, at the end of the percentages; the epsilon keeps 4041.9999… from becoming 4041.
  const rounded = Math.round(discounted + 1e-9);
  const totalPence = Math.max(0, rounded - amountOffPence);
  return {
    quantity,
    unitPence: CREDIT_PRICE_PENCE,
    subtotalPence,
    bulkPercent,
    codePercent,
    amountOffPence,
    totalPence,
    savingPence: subtotalPence - totalPence,
  };
}
