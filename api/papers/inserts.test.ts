// The inserts the covers promise: the periodic table with Chemistry, the Physics Equations Sheet
// with Physics (the Combined Science one with Combined Science Physics), after the questions and
// before the mark scheme; neither with Biology.
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, studentWithCredits } from "../test-utils.ts";
import { bankOf, banks, generate, normalise, pdfOfPaper, pdfPages, requestFor, type T } from "./testing.ts";
import { COMBINED_PHYSICS_EQUATIONS, GROUP_LABELS, PERIODIC_TABLE, PHYSICS_EQUATIONS } from "../../shared/inserts.ts";
import type { GenerationOptions } from "../../shared/generation.ts";

const bankWithCode = (code: string) => banks.find((b) => b.blueprint.code === code)!.blueprint;

describe("the periodic table's facts", () => {
  it("holds elements 1–118 but the lanthanides 58–71 and actinides 90–103, each once, in its period and column", () => {
    const numbers = PERIODIC_TABLE.map((e) => e.z).sort((a, b) => a - b);
    const expected = Array.from({ length: 118 }, (_, i) => i + 1).filter((z) => !(z >= 58 && z <= 71) && !(z >= 90 && z <= 103));
    expect(numbers).toEqual(expected);
    expect(new Set(PERIODIC_TABLE.map((e) => e.symbol)).size).toBe(PERIODIC_TABLE.length);
    const cells = PERIODIC_TABLE.map((e) => `${e.period}:${e.column}`);
    expect(new Set(cells).size).toBe(cells.length);
    const bySymbol = new Map(PERIODIC_TABLE.map((e) => [e.symbol, e]));
    // Groups as the board numbers them, and the masses the GCSE table prints.
    expect(GROUP_LABELS[bySymbol.get("Na")!.column]).toBe("1");
    expect(GROUP_LABELS[bySymbol.get("Mg")!.column]).toBe("2");
    expect(GROUP_LABELS[bySymbol.get("Cl")!.column]).toBe("7");
    expect(GROUP_LABELS[bySymbol.get("Ar")!.column]).toBe("0");
    expect(GROUP_LABELS[bySymbol.get("Fe")!.column]).toBeUndefined();
    expect(bySymbol.get("Cl")!.mass).toBe("35.5");
    expect(bySymbol.get("Cu")!.mass).toBe("63.5");
    for (const [symbol, mass] of [["H", "1"], ["C", "12"], ["O", "16"], ["Na", "23"], ["Ca", "40"], ["Fe", "56"], ["Br", "80"], ["Ag", "108"], ["I", "127"], ["Pb", "207"]]) {
      expect(bySymbol.get(symbol)!.mass, symbol).toBe(mass);
    }
    // A period's elements increase in atomic number across it.
    for (let period = 1; period <= 7; period++) {
      const row = PERIODIC_TABLE.filter((e) => e.period === period).sort((a, b) => a.column - b.column).map((e) => e.z);
      expect(row).toEqual([...row].sort((a, b) => a - b));
    }
  });
});

describe("inserts in the PDF", () => {
  let t: T;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await studentWithCredits(t, "ivy", 10));
  });
  const paperPdf = async (code: string, options: Partial<GenerationOptions> = {}) => {
    const bp = bankWithCode(code);
    const res = await generate(t, requestFor(bp, { tier: bp.tiers[0], options }), cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    return await pdfOfPaper(t, (await res.json()).id, cookie);
  };
  const rawPages = async (code: string, options: Partial<GenerationOptions> = {}) => pdfPages(await paperPdf(code, options));
  const pages = async (code: string, options: Partial<GenerationOptions> = {}) => (await rawPages(code, options)).map(normalise);
  const pageOf = (all: string[], text: string) => all.findIndex((p) => p.includes(text));

  it("encloses the periodic table with Chemistry, after the questions and before the mark scheme", async () => {
    const all = await pages("8462/1");
    const table = pageOf(all, "The Periodic Table of the Elements");
    expect(table).toBeGreaterThan(pageOf(all, "END OF QUESTIONS"));
    expect(table).toBeLessThan(pageOf(all, "Mark scheme"));
    const text = all[table];
    for (const fact of ["Key", "relative atomic mass", "atomic (proton) number", "35.5", "63.5", "sodium", "Na", "Og", "have not been rounded to the nearest whole number"]) expect(text).toContain(fact);
    expect(all.join(" ")).toContain("the periodic table (enclosed)");
  });

  it("encloses the Physics Equations Sheet with Physics, every equation on it, the ones students would otherwise recall included", async () => {
    const pdf = await paperPdf("8463/1");
    const raw = pdfPages(pdf);
    const all = raw.map(normalise);
    const sheet = pageOf(all, "Physics Equations Sheet HT = Higher Tier only equations Word equation Symbol equation");
    expect(sheet).toBeGreaterThan(pageOf(all, "END OF QUESTIONS"));
    expect(sheet).toBeLessThan(pageOf(all, "Mark scheme"));
    // The revised sheet of the 2025–2027 exams runs over two pages.
    const text = all.slice(sheet, pageOf(all, "Mark scheme")).join(" ");
    for (const e of PHYSICS_EQUATIONS) expect(text).toContain(normalise(e.words));
    // pdftotext keeps or drops the spaces of a short symbol equation as its glyph spacing falls.
    const unspaced = text.replace(/\s+/g, "");
    for (const symbols of ["ΔE=mcΔθ", "V=IR", "ρ=m÷V", "E=mL", "Ek=½mv2"]) expect(unspaced).toContain(symbols);
    // A Higher tier equation starts with HT (read as laid out: a row's number and words on one line).
    const laidOut = pdfPages(pdf, true).slice(sheet, pageOf(all, "Mark scheme")).join("\n").split("\n");
    expect(laidOut.filter((l) => /^\s*\d+\s+HT\s/.test(l)).length).toBe(PHYSICS_EQUATIONS.filter((e) => e.higher).length);
    expect(PHYSICS_EQUATIONS.filter((e) => e.higher)).toHaveLength(6);
    // No symbol equation is broken over two lines of its cell.
    const lines = raw.slice(sheet, pageOf(all, "Mark scheme")).join("\n").split("\n");
    expect(lines.some((l) => /u[ \u00a0]*2[ \u00a0]*=[ \u00a0]*2[ \u00a0]*a[ \u00a0]*s/.test(l))).toBe(true);
    expect(lines.some((l) => /Vp[ \u00a0]*÷[ \u00a0]*Vs[ \u00a0]*=[ \u00a0]*np[ \u00a0]*÷[ \u00a0]*ns/.test(l))).toBe(true);
  });

  it("encloses the Combined Science Physics Equations Sheet with Combined Science Physics: the 8464 equations, none of the physics-only ones", async () => {
    const raw = await rawPages("8464/P/1");
    const all = raw.map(normalise);
    const sheet = pageOf(all, "Physics Equations Sheet GCSE Combined Science: Trilogy HT = Higher Tier only equations Word equation Symbol equation");
    expect(sheet).toBeGreaterThan(pageOf(all, "END OF QUESTIONS"));
    expect(sheet).toBeLessThan(pageOf(all, "Mark scheme"));
    expect(all.join(" ")).toContain("the Physics Equations Sheet (enclosed)");
    const text = all.slice(sheet, pageOf(all, "Mark scheme")).join(" ");
    // Its Higher tier equations are marked HT, with the key, as the board's sheet marks them.
    expect(text).toContain("HT = Higher Tier only equations");
    expect(COMBINED_PHYSICS_EQUATIONS.filter((e) => e.higher).map((e) => e.symbols)).toEqual([
      "V<sub>p</sub> I<sub>p</sub> = V<sub>s</sub> I<sub>s</sub>", "p = m v", "F = B I l",
    ]);
    expect(text.match(/\bHT\b/g)?.length).toBe(1 + 3);
    for (const e of COMBINED_PHYSICS_EQUATIONS) expect(text).toContain(normalise(e.words));
    for (const e of PHYSICS_EQUATIONS.filter((e) => !COMBINED_PHYSICS_EQUATIONS.includes(e))) expect(text).not.toContain(normalise(e.words));
    // The revised sheet of the 2025–2027 exams: the recall equations, and Vp Ip = Vs Is (Higher) but not the turns ratio.
    expect(COMBINED_PHYSICS_EQUATIONS.map((e) => e.symbols)).toEqual(expect.arrayContaining(["E<sub>k</sub> = ½ m v<sup>2</sup>", "V = I R", "ρ = m ÷ V", "V<sub>p</sub> I<sub>p</sub> = V<sub>s</sub> I<sub>s</sub>", "F = B I l"]));
    expect(COMBINED_PHYSICS_EQUATIONS.map((e) => e.symbols)).not.toContain("p V = constant");
    expect(COMBINED_PHYSICS_EQUATIONS).toHaveLength(28);
  });

  it("encloses neither with Biology", async () => {
    const text = (await pages(bankOf("Paper 1").blueprint.code)).join(" ");
    expect(text).not.toContain("Periodic Table of the Elements");
    expect(text).not.toContain("Physics Equations Sheet");
  });

  it("prints the large-text periodic table as a legible list, every element in it", async () => {
    const all = await pages("8462/1", { useLargeTextFormat: true });
    const text = all.join(" ");
    const first = pageOf(all, "The Periodic Table of the Elements");
    expect(first).toBeGreaterThan(pageOf(all, "END OF QUESTIONS"));
    for (const e of PERIODIC_TABLE) expect(text).toContain(e.name);
  });
});
