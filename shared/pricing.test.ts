import { describe, expect, it } from "vitest";
import { bulkDiscountPercent, priceCredits } from "./pricing.ts";

describe("credit pricing (§9)", () => {
  // quantity, bulk %, total without a code, total with a 10% code, total with a 25% code
  const TABLE: [number, number, number, number, number][] = [
    [1, 0, 499, 449, 374], // 449.1 -> 449; 374.25 -> 374
    [4, 0, 1996, 1796, 1497], // 1796.4 -> 1796; 1497
    [5, 5, 2370, 2133, 1778], // 2370.25 -> 2370; 2133.225 -> 2133; 1777.6875 -> 1778
    [9, 5, 4266, 3840, 3200], // 4266.45 -> 4266; 3839.805 -> 3840; 3199.8375 -> 3200
    [10, 10, 4491, 4042, 3368], // 4491; 4041.9 -> 4042; 3368.25 -> 3368
    [19, 10, 8533, 7680, 6400], // 8532.9 -> 8533; 7679.61 -> 7680; 6399.675 -> 6400
    [20, 20, 7984, 7186, 5988], // 7984; 7185.6 -> 7186; 5988
    [50, 20, 19960, 17964, 14970], // 19960; 17964; 14970
  ];

  it.each(TABLE)("%i credits: bulk %i%%, %i pence, with a 10%% code %i, with a 25%% code %i", (quantity, bulk, plain, ten, quarter) => {
    expect(bulkDiscountPercent(quantity)).toBe(bulk);
    const p = priceCredits(quantity);
    expect(p.subtotalPence).toBe(quantity * 499);
    expect(p.totalPence).toBe(plain);
    expect(priceCredits(quantity, { discountPercentage: 10 }).totalPence).toBe(ten);
    expect(priceCredits(quantity, { discountPercentage: 25 }).totalPence).toBe(quarter);
  });

  it("charges £40.42 for 10 credits with a 10% code: 4990 less 10% bulk less 10% code", () => {
    const p = priceCredits(10, { discountPercentage: 10 });
    expect(p).toEqual({
      quantity: 10,
      unitPence: 499,
      subtotalPence: 4990,
      bulkPercent: 10,
      codePercent: 10,
      amountOffPence: 0,
      totalPence: 4042,
      savingPence: 948,
    });
  });

  it("makes a 100% code free", () => {
    expect(priceCredits(3, { discountPercentage: 100 }).totalPence).toBe(0);
  });

  it("subtracts fixed amounts after the percentages and never goes below zero", () => {
    expect(priceCredits(1, { discountPercentage: 10, amountOffPence: 100 }).totalPence).toBe(349);
    expect(priceCredits(1, { discountPercentage: 1, amountOffPence: 10_000 }).totalPence).toBe(0);
  });

  it("refuses a quantity below 1 or not whole", () => {
    expect(() => priceCredits(0)).toThrow(RangeError);
    expect(() => priceCredits(1.5)).toThrow(RangeError);
  });
});
