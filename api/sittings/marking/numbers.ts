// Numbers as students write them and as mark schemes print them: "4.5", "4,500", "−3", "3.2 × 10^4",
// "3.2e4", "7/10", "£9720", each with the units written after it; the units compared with SI
// prefixes converted ("1.6 kJ" is 1600 J). Pure functions.
import { plainChars } from "./text.ts";

export interface Quantity {
  value: number;
  /** Significant figures and decimal places as written (for "give your answer to 2 significant figures"). */
  sigFigs: number;
  decimals: number;
  /** The place value of the last digit written: 0.1 for "1.2", 10⁴ for "3.3 × 10⁵", 0 for a fraction (exact). */
  resolution: number;
  /** Written in standard form ("3.3 × 10^5", "3.3e5"). */
  standardForm: boolean;
  /** The units written after the number ("" for none), "£" for money. */
  unit: string;
}

const MANTISSA = String.raw`\d{1,3}(?:[ ,]\d{3})+(?:\.\d+)?|\d*\.\d+|\d+`;
const QUANTITY = new RegExp(
  String.raw`^([-+]?)\s*([£$])?\s*(${MANTISSA})(?:\/(\d+))?(?:\s*[x×*]\s*10\s*\^\s*\(?([-+]?\d+)\)?|e([-+]?\d+))?\s*(.*)$`,
  "i",
);

function figures(mantissa: string): { sigFigs: number; decimals: number } {
  const digits = mantissa.replace(/[ ,]/g, "");
  const [whole, fraction = ""] = digits.split(".");
  const all = (whole + fraction).replace(/^0+/, "");
  const sigFigs = fraction ? all.length : all.replace(/0+$/, "").length;
  return { sigFigs: Math.max(1, sigFigs), decimals: fraction.length };
}

/** A number with optional units, or null when the text is not one (a word for a number is not read). */
export function parseQuantity(text: string, maxUnitWords = 3): Quantity | null {
  const t = plainChars(text).trim().replace(/[.;]$/, "").replace(/^=\s*/, "");
  const m = QUANTITY.exec(t);
  if (!m) return null;
  const [, sign, currency, mantissa, denominator, power, ePower, rest] = m;
  let value = Number(mantissa.replace(/[ ,]/g, ""));
  if (denominator) {
    if (Number(denominator) === 0) return null;
    value /= Number(denominator);
  }
  const exponent = power ?? ePower;
  if (exponent) value *= 10 ** Number(exponent);
  if (sign === "-") value = -value;
  const unit = currency ?? rest.trim();
  // The unit is a unit, not more working or words: letters, symbols, powers and '/' only, a few words at most.
  if (!/^[a-zA-Zµ°%Ω£$/^\d\s·.-]*$/.test(unit) || unit.split(/\s+/).length > maxUnitWords || /(?:^|\s)[-\d]/.test(unit)) return null;
  // A code such as a binary pattern ("0001011011") is not a number.
  if (/^0\d/.test(mantissa) && !denominator) return null;
  if (!Number.isFinite(value)) return null;
  const { sigFigs, decimals } = denominator ? { sigFigs: 0, decimals: 0 } : figures(mantissa);
  const resolution = denominator ? 0 : 10 ** (Number(exponent ?? 0) - decimals);
  return { value, sigFigs, decimals, resolution, standardForm: !!exponent, unit };
}

const UNIT_WORDS: Record<string, string> = {
  second: "s", seconds: "s", sec: "s", secs: "s", minute: "min", minutes: "min", mins: "min", hour: "h", hours: "h", hr: "h", hrs: "h",
  metre: "m", metres: "m", meter: "m", meters: "m", centimetre: "cm", centimetres: "cm", millimetre: "mm", millimetres: "mm",
  kilometre: "km", kilometres: "km", gram: "g", grams: "g", kilogram: "kg", kilograms: "kg", joule: "J", joules: "J",
  kilojoule: "kJ", kilojoules: "kJ", watt: "W", watts: "W", kilowatt: "kW", kilowatts: "kW", volt: "V", volts: "V",
  amp: "A", amps: "A", ampere: "A", amperes: "A", newton: "N", newtons: "N", ohm: "Ω", ohms: "Ω", percent: "%",
  pascal: "Pa", pascals: "Pa", hertz: "Hz", coulomb: "C", coulombs: "C", degrees: "°", degree: "°",
};

/** One spelling of a unit: no spaces, powers as digits, "per x" and "x^-1" as "/x", unit words as symbols. */
export function canonicalUnit(unit: string): string {
  let u = plainChars(unit).trim();
  u = u.replace(/[a-zA-Z]+/g, (w) => UNIT_WORDS[w.toLowerCase()] ?? w);
  u = u.replace(/\s*per\s*/gi, "/").replace(/\s*(?:°|degrees?\s*|o(?=C\b))\s*C\b/g, "°C");
  u = u.replace(/\s+([a-zA-Zµ]+)\^?-1\b/g, "/$1").replace(/\^/g, "").replace(/[\s·.]+/g, "");
  return u;
}

const PREFIX: Record<string, number> = { G: 1e9, M: 1e6, k: 1e3, "": 1, c: 1e-2, m: 1e-3, µ: 1e-6, u: 1e-6, n: 1e-9 };
const BASES = ["m", "g", "J", "W", "V", "A", "N", "Pa", "Hz", "Ω", "C", "s", "Wh", "L", "l", "eV"];

function prefixed(unit: string): { factor: number; base: string } | null {
  for (const base of BASES) {
    if (!unit.endsWith(base)) continue;
    const p = unit.slice(0, unit.length - base.length);
    if (p in PREFIX) return { factor: PREFIX[p], base };
  }
  return null;
}

/**
 * What a value in `given` units is multiplied by to be in `expected` units: 1 when they are the
 * same unit (case aside: "kj" is kJ), the prefix ratio for one base unit with another prefix
 * ("kJ" to "J" is 1000), null when they measure different things.
 */
export function unitFactor(given: string, expected: string): number | null {
  const g = canonicalUnit(given);
  const e = canonicalUnit(expected);
  // "stomata per mm²" for "per mm²", "cells" for "cells": what is counted may be named in front.
  if (g === e || (e.length >= 2 && g.endsWith(e) && /^[a-z]+$/i.test(g.slice(0, g.length - e.length)))) return 1;
  const gp = prefixed(g) ?? prefixed(g.replace(/^K/, "k"));
  const ep = prefixed(e);
  if (gp && ep && gp.base === ep.base) return gp.factor / ep.factor;
  if (g.toLowerCase() === e.toLowerCase()) return 1;
  return null;
}

/**
 * The tolerance rule: a value matches the scheme's when it is the same number (to one part in a
 * billion, for converted units), or when the scheme's value has decimal places or is in standard
 * form and the student's, written to a finer place, rounds to it: 1.23 for a scheme's 1.2 (the
 * precision mark is judged separately), 3.31 × 10⁵ for 3.3 × 10⁵. A whole number is matched
 * exactly: 9700 is not 9720, 7.4 is not 7. The scheme's own ranges and allowed values widen it.
 */
export function sameValue(given: Pick<Quantity, "value" | "resolution">, expected: Pick<Quantity, "value" | "resolution" | "standardForm">): boolean {
  const diff = Math.abs(given.value - expected.value);
  if (diff <= 1e-9 * Math.max(1, Math.abs(expected.value))) return true;
  const rounds = (expected.resolution > 0 && expected.resolution < 1) || expected.standardForm;
  return rounds && given.resolution < expected.resolution && diff <= expected.resolution / 2 * (1 + 1e-9);
}

/** Every number in a piece of working, as values (thousands separators and powers of ten read). */
export function numbersIn(text: string): number[] {
  const t = plainChars(text);
  const out: number[] = [];
  const re = new RegExp(String.raw`(-?)(${MANTISSA})(?:\s*[x×*]\s*10\s*\^\s*\(?([-+]?\d+)\)?|e([-+]?\d+)\b)?`, "gi");
  for (const m of t.matchAll(re)) {
    let v = Number(m[2].replace(/[ ,]/g, ""));
    const power = m[3] ?? m[4];
    if (power) v *= 10 ** Number(power);
    out.push(m[1] ? -v : v);
  }
  return out;
}
