// The inserts a paper encloses, as the board's cover promises them: the periodic table of the AQA
// GCSE Chemistry data sheet, the AQA GCSE Physics Equations Sheet and the Physics Equations Sheet of
// GCSE Combined Science: Trilogy. These are ExamPrep's own rendition of the same facts; the PDF
// prints them after the questions (api/papers/pdf/inserts.ts).

export const INSERTS = ["periodic-table", "physics-equations", "combined-physics-equations"] as const;
export type Insert = (typeof INSERTS)[number];

export interface Element {
  /** Atomic (proton) number. */
  z: number;
  symbol: string;
  name: string;
  /** Relative atomic mass as the GCSE table prints it: whole numbers but Cl and Cu; in brackets for the heaviest. */
  mass: string;
  period: number;
  /** 1–18 (IUPAC); groups 3–12 are the transition metals, 13–17 are the board's groups 3–7 and 18 is group 0. */
  column: number;
}

// [z, symbol, name, mass, period, column]
const ROWS: [number, string, string, string, number, number][] = [
  [1, "H", "hydrogen", "1", 1, 1], [2, "He", "helium", "4", 1, 18],
  [3, "Li", "lithium", "7", 2, 1], [4, "Be", "beryllium", "9", 2, 2], [5, "B", "boron", "11", 2, 13], [6, "C", "carbon", "12", 2, 14],
  [7, "N", "nitrogen", "14", 2, 15], [8, "O", "oxygen", "16", 2, 16], [9, "F", "fluorine", "19", 2, 17], [10, "Ne", "neon", "20", 2, 18],
  [11, "Na", "sodium", "23", 3, 1], [12, "Mg", "magnesium", "24", 3, 2], [13, "Al", "aluminium", "27", 3, 13], [14, "Si", "silicon", "28", 3, 14],
  [15, "P", "phosphorus", "31", 3, 15], [16, "S", "sulfur", "32", 3, 16], [17, "Cl", "chlorine", "35.5", 3, 17], [18, "Ar", "argon", "40", 3, 18],
  [19, "K", "potassium", "39", 4, 1], [20, "Ca", "calcium", "40", 4, 2], [21, "Sc", "scandium", "45", 4, 3], [22, "Ti", "titanium", "48", 4, 4],
  [23, "V", "vanadium", "51", 4, 5], [24, "Cr", "chromium", "52", 4, 6], [25, "Mn", "manganese", "55", 4, 7], [26, "Fe", "iron", "56", 4, 8],
  [27, "Co", "cobalt", "59", 4, 9], [28, "Ni", "nickel", "59", 4, 10], [29, "Cu", "copper", "63.5", 4, 11], [30, "Zn", "zinc", "65", 4, 12],
  [31, "Ga", "gallium", "70", 4, 13], [32, "Ge", "germanium", "73", 4, 14], [33, "As", "arsenic", "75", 4, 15], [34, "Se", "selenium", "79", 4, 16],
  [35, "Br", "bromine", "80", 4, 17], [36, "Kr", "krypton", "84", 4, 18],
  [37, "Rb", "rubidium", "85", 5, 1], [38, "Sr", "strontium", "88", 5, 2], [39, "Y", "yttrium", "89", 5, 3], [40, "Zr", "zirconium", "91", 5, 4],
  [41, "Nb", "niobium", "93", 5, 5], [42, "Mo", "molybdenum", "96", 5, 6], [43, "Tc", "technetium", "[98]", 5, 7], [44, "Ru", "ruthenium", "101", 5, 8],
  [45, "Rh", "rhodium", "103", 5, 9], [46, "Pd", "palladium", "106", 5, 10], [47, "Ag", "silver", "108", 5, 11], [48, "Cd", "cadmium", "112", 5, 12],
  [49, "In", "indium", "115", 5, 13], [50, "Sn", "tin", "119", 5, 14], [51, "Sb", "antimony", "122", 5, 15], [52, "Te", "tellurium", "128", 5, 16],
  [53, "I", "iodine", "127", 5, 17], [54, "Xe", "xenon", "131", 5, 18],
  [55, "Cs", "caesium", "133", 6, 1], [56, "Ba", "barium", "137", 6, 2], [57, "La", "lanthanum", "139", 6, 3], [72, "Hf", "hafnium", "178", 6, 4],
  [73, "Ta", "tantalum", "181", 6, 5], [74, "W", "tungsten", "184", 6, 6], [75, "Re", "rhenium", "186", 6, 7], [76, "Os", "osmium", "190", 6, 8],
  [77, "Ir", "iridium", "192", 6, 9], [78, "Pt", "platinum", "195", 6, 10], [79, "Au", "gold", "197", 6, 11], [80, "Hg", "mercury", "201", 6, 12],
  [81, "Tl", "thallium", "204", 6, 13], [82, "Pb", "lead", "207", 6, 14], [83, "Bi", "bismuth", "209", 6, 15], [84, "Po", "polonium", "[209]", 6, 16],
  [85, "At", "astatine", "[210]", 6, 17], [86, "Rn", "radon", "[222]", 6, 18],
  [87, "Fr", "francium", "[223]", 7, 1], [88, "Ra", "radium", "[226]", 7, 2], [89, "Ac", "actinium", "[227]", 7, 3], [104, "Rf", "rutherfordium", "[261]", 7, 4],
  [105, "Db", "dubnium", "[262]", 7, 5], [106, "Sg", "seaborgium", "[266]", 7, 6], [107, "Bh", "bohrium", "[264]", 7, 7], [108, "Hs", "hassium", "[277]", 7, 8],
  [109, "Mt", "meitnerium", "[268]", 7, 9], [110, "Ds", "darmstadtium", "[271]", 7, 10], [111, "Rg", "roentgenium", "[272]", 7, 11], [112, "Cn", "copernicium", "[285]", 7, 12],
  [113, "Nh", "nihonium", "[286]", 7, 13], [114, "Fl", "flerovium", "[289]", 7, 14], [115, "Mc", "moscovium", "[289]", 7, 15], [116, "Lv", "livermorium", "[293]", 7, 16],
  [117, "Ts", "tennessine", "[294]", 7, 17], [118, "Og", "oganesson", "[294]", 7, 18],
];

/** The elements the table shows, by atomic number: all but the lanthanides 58–71 and actinides 90–103, which the GCSE table omits. */
export const PERIODIC_TABLE: readonly Element[] = ROWS.map(([z, symbol, name, mass, period, column]) => ({ z, symbol, name, mass, period, column }));

export const PERIODIC_TABLE_NOTES = [
  "The lanthanides (atomic numbers 58–71) and the actinides (atomic numbers 90–103) have been omitted.",
  "Relative atomic masses for Cu and Cl have not been rounded to the nearest whole number.",
  "Values in square brackets are the mass number of one isotope of an element that has no stable isotope.",
];

/** The board's group numbers over the table's columns: 1, 2, then 3–7 and 0 over the p-block. */
export const GROUP_LABELS: Record<number, string> = { 1: "1", 2: "2", 13: "3", 14: "4", 15: "5", 16: "6", 17: "7", 18: "0" };

export interface SheetEquation {
  words: string;
  /** Safe HTML (sub/sup) of the symbol equation, if the sheet gives one. */
  symbols: string;
  /** Higher tier only: the sheet marks it HT. */
  higher?: true;
}

/** The key the sheets print for their Higher tier equations. */
export const HIGHER_TIER_KEY = "HT = Higher Tier only equations";

/**
 * The equations of the AQA GCSE Physics (8463) Physics Equations Sheet, by topic in the order of the
 * specification. For exams in 2025, 2026 and 2027 the Department for Education decided (3 October
 * 2024) that students need not memorise the equations, and Ofqual requires the boards to print a
 * revised sheet with the equations students would otherwise recall as well as those always given;
 * this is our own rendition of that revised sheet. Some are for physics (not combined science) only.
 */
export const PHYSICS_EQUATIONS: readonly SheetEquation[] = [
  // Energy
  { words: "kinetic energy = 0.5 × mass × (speed)²", symbols: "E<sub>k</sub> = ½ m v<sup>2</sup>" },
  { words: "elastic potential energy = 0.5 × spring constant × (extension)²", symbols: "E<sub>e</sub> = ½ k e<sup>2</sup>" },
  { words: "gravitational potential energy = mass × gravitational field strength × height", symbols: "E<sub>p</sub> = m g h" },
  { words: "change in thermal energy = mass × specific heat capacity × temperature change", symbols: "ΔE = m c Δθ" },
  { words: "power = energy transferred ÷ time", symbols: "P = E ÷ t" },
  { words: "power = work done ÷ time", symbols: "P = W ÷ t" },
  { words: "efficiency = useful output energy transfer ÷ total input energy transfer", symbols: "" },
  { words: "efficiency = useful power output ÷ total power input", symbols: "" },
  // Electricity
  { words: "charge flow = current × time", symbols: "Q = I t" },
  { words: "potential difference = current × resistance", symbols: "V = I R" },
  { words: "power = potential difference × current", symbols: "P = V I" },
  { words: "power = (current)² × resistance", symbols: "P = I<sup>2</sup> R" },
  { words: "energy transferred = power × time", symbols: "E = P t" },
  { words: "energy transferred = charge flow × potential difference", symbols: "E = Q V" },
  // Particle model of matter
  { words: "density = mass ÷ volume", symbols: "ρ = m ÷ V" },
  { words: "thermal energy for a change of state = mass × specific latent heat", symbols: "E = m L" },
  { words: "For gases: pressure × volume = constant", symbols: "p V = constant" },
  // Forces
  { words: "weight = mass × gravitational field strength", symbols: "W = m g" },
  { words: "work done = force × distance (along the line of action of the force)", symbols: "W = F s" },
  { words: "force applied to a spring = spring constant × extension", symbols: "F = k e" },
  { words: "moment of a force = force × distance (normal to direction of force)", symbols: "M = F d" },
  { words: "pressure = force normal to a surface ÷ area of that surface", symbols: "p = F ÷ A" },
  { words: "pressure due to a column of liquid = height of column × density of liquid × gravitational field strength", symbols: "p = h ρ g", higher: true },
  { words: "distance travelled = speed × time", symbols: "s = v t" },
  { words: "acceleration = change in velocity ÷ time taken", symbols: "a = Δv ÷ t" },
  { words: "(final velocity)² − (initial velocity)² = 2 × acceleration × distance", symbols: "v<sup>2</sup> − u<sup>2</sup> = 2 a s" },
  { words: "resultant force = mass × acceleration", symbols: "F = m a" },
  { words: "momentum = mass × velocity", symbols: "p = m v", higher: true },
  { words: "force = change in momentum ÷ time taken", symbols: "F = m Δv ÷ Δt", higher: true },
  // Waves
  { words: "period = 1 ÷ frequency", symbols: "T = 1 ÷ f" },
  { words: "wave speed = frequency × wavelength", symbols: "v = f λ" },
  { words: "magnification = image height ÷ object height", symbols: "" },
  // Magnetism and electromagnetism
  { words: "force on a conductor (at right angles to a magnetic field) carrying a current = magnetic flux density × current × length", symbols: "F = B I l", higher: true },
  { words: "potential difference across primary coil ÷ potential difference across secondary coil = number of turns in primary coil ÷ number of turns in secondary coil", symbols: "V<sub>p</sub> ÷ V<sub>s</sub> = n<sub>p</sub> ÷ n<sub>s</sub>", higher: true },
  { words: "potential difference across primary coil × current in primary coil = potential difference across secondary coil × current in secondary coil", symbols: "V<sub>p</sub> I<sub>p</sub> = V<sub>s</sub> I<sub>s</sub>", higher: true },
];

const sheetEquation = (words: string): SheetEquation => {
  const e = PHYSICS_EQUATIONS.find((eq) => eq.words === words);
  if (!e) throw new Error(`no equation "${words}" on the Physics Equations Sheet`);
  return e;
};

/**
 * The equations of the AQA GCSE Combined Science: Trilogy (8464) Physics Equations Sheet, the revised
 * sheet of the 2025–2027 exams: every equation of the 8464 specification, by topic in its order. It is
 * the separate sheet without the physics-only equations (pV = constant, moments, pressure in fluids,
 * force as the rate of change of momentum, magnification and the transformer turns ratio). Trilogy has
 * no transformer topic of its own: the Higher tier equation Vp Ip = Vs Is belongs to the National Grid
 * (6.2.4.3), so it stands with Electricity here.
 */
export const COMBINED_PHYSICS_EQUATIONS: readonly SheetEquation[] = [
  // Energy
  "kinetic energy = 0.5 × mass × (speed)²",
  "elastic potential energy = 0.5 × spring constant × (extension)²",
  "gravitational potential energy = mass × gravitational field strength × height",
  "change in thermal energy = mass × specific heat capacity × temperature change",
  "power = energy transferred ÷ time",
  "power = work done ÷ time",
  "efficiency = useful output energy transfer ÷ total input energy transfer",
  "efficiency = useful power output ÷ total power input",
  // Electricity
  "charge flow = current × time",
  "potential difference = current × resistance",
  "power = potential difference × current",
  "power = (current)² × resistance",
  "energy transferred = power × time",
  "energy transferred = charge flow × potential difference",
  "potential difference across primary coil × current in primary coil = potential difference across secondary coil × current in secondary coil",
  // Particle model of matter
  "density = mass ÷ volume",
  "thermal energy for a change of state = mass × specific latent heat",
  // Forces
  "weight = mass × gravitational field strength",
  "work done = force × distance (along the line of action of the force)",
  "force applied to a spring = spring constant × extension",
  "distance travelled = speed × time",
  "acceleration = change in velocity ÷ time taken",
  "(final velocity)² − (initial velocity)² = 2 × acceleration × distance",
  "resultant force = mass × acceleration",
  "momentum = mass × velocity",
  // Waves
  "period = 1 ÷ frequency",
  "wave speed = frequency × wavelength",
  // Magnetism and electromagnetism
  "force on a conductor (at right angles to a magnetic field) carrying a current = magnetic flux density × current × length",
].map(sheetEquation);

/** The equations sheet an insert prints, with the title the board gives it. */
export const EQUATION_SHEETS = {
  "physics-equations": { title: "Physics Equations Sheet", subtitle: "", equations: PHYSICS_EQUATIONS },
  "combined-physics-equations": { title: "Physics Equations Sheet", subtitle: "GCSE Combined Science: Trilogy", equations: COMBINED_PHYSICS_EQUATIONS },
} as const satisfies Record<Exclude<Insert, "periodic-table">, { title: string; subtitle: string; equations: readonly SheetEquation[] }>;
