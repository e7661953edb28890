import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatExamDate, formatPence } from "./format.ts";

describe("date formats (§9)", () => {
  it("formats home exam dates as dd MMM yyyy", () => {
    expect(formatExamDate("2025-06-15")).toBe("15 Jun 2025");
    expect(formatExamDate("2025-05-01")).toBe("01 May 2025");
    expect(formatExamDate(new Date(Date.UTC(2025, 11, 31, 23, 30)))).toBe("31 Dec 2025");
  });

  it("uses en-GB day, short month, year for the generic helper", () => {
    expect(formatDate("2025-06-05T10:00:00Z")).toBe("5 Jun 2025");
  });

  it("writes long date and time as 'date at time' in UK time", () => {
    expect(formatDateTime("2025-06-05T13:03:00Z")).toBe("5 June 2025 at 14:03");
    expect(formatDateTime("2025-01-05T13:03:00Z")).toBe("5 January 2025 at 13:03");
  });

  it("shows 'Invalid date' for anything unparseable", () => {
    for (const f of [formatExamDate, formatDate, formatDateTime]) {
      expect(f("not a date")).toBe("Invalid date");
      expect(f(null)).toBe("Invalid date");
      expect(f("")).toBe("Invalid date");
    }
  });

  it("formats pence as pounds", () => {
    expect(formatPence(499)).toBe("£4.99");
    expect(formatPence(1896)).toBe("£18.96");
  });
});
