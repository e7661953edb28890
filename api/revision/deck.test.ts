import { describe, expect, it } from "vitest";
import { buildDeck, EQUATION_TOPICS, hasQuiz, topicQuiz, topicSummary } from "./deck.ts";
import { PHYSICS_EQUATIONS } from "../../shared/inserts.ts";
import { bankQuestionsFor, loadBanks, practiceAttribution } from "../papers/bank.ts";
import { htmlToText } from "../papers/html.ts";
import type { Candidate } from "../papers/candidate.ts";
import { type BankFile, type Blueprint, fitsTier, type Part, type Tier, unsafeHtml } from "../../shared/papers.ts";

type DeckBlueprint = Pick<Blueprint, "code" | "paper" | "topics" | "inserts">;

const banks = loadBanks();
const bankByCode = (code: string) => banks.find((b) => b.blueprint.code === code)!;

/** A bank's questions as the engine hands them to the deck builder (with the tagged ones of the papers it draws from). */
const candidatesOf = (file: BankFile): Candidate[] =>
  bankQuestionsFor(file, banks).map((q) => ({
    id: q.id,
    topic: q.topic,
    tier: q.tier,
    style: q.style,
    stem: q.stem ?? null,
    stemFigure: q.figure,
    parts: q.parts,
    origin: "practice",
    attribution: practiceAttribution(file.blueprint),
    year: null,
    series: null,
  }));

const tiersOf = (bp: Blueprint): (Tier | undefined)[] => [undefined, ...bp.tiers];
const norm = (html: string) => htmlToText(html).toLowerCase().replace(/[−–]/g, "-").replace(/\s+/g, " ").trim();

describe("buildDeck on the seeded banks", () => {
  for (const file of banks) {
    const bp = file.blueprint;
    const questions = candidatesOf(file);
    for (const tier of tiersOf(bp)) {
      describe(`${bp.code} ${tier ?? "(all tiers)"}`, () => {
        const deck = buildDeck(bp, questions, tier);

        it("gives every card a front, a back, a source label and a topic of the paper", () => {
          const topics = new Set(bp.topics.map((t) => t.id));
          for (const card of deck) {
            expect(htmlToText(card.front), card.key).not.toBe("");
            expect(htmlToText(card.back), card.key).not.toBe("");
            expect(card.source.label.trim(), card.key).not.toBe("");
            expect(topics.has(card.topic), card.key).toBe(true);
            expect([...unsafeHtml(card.front), ...unsafeHtml(card.back)], card.key).toEqual([]);
          }
        });

        it("has unique keys and no two fronts that read the same", () => {
          expect(new Set(deck.map((c) => c.key)).size).toBe(deck.length);
          expect(new Set(deck.map((c) => norm(c.front))).size).toBe(deck.length);
        });

        it("has at least one card on every topic", () => {
          const covered = new Set(deck.map((c) => c.topic));
          for (const t of bp.topics) expect(covered.has(t.id), t.id).toBe(true);
        });

        it("never sends the student to a figure, a table or a tick box", () => {
          for (const card of deck) {
            // "periodic table" and "table lamp" are things to learn about, not tables to read.
            const front = htmlToText(card.front).replace(/periodic table|table lamps?/gi, "");
            expect(front, card.key).not.toMatch(/\bfigures?\s*\d|\bfigure\b/i);
            expect(front, card.key).not.toMatch(/\btable\b/i);
            expect(front, card.key).not.toMatch(/tick (\(✓\) )?one box/i);
          }
        });

        it("uses only questions of the tier", () => {
          const allowed = new Set(questions.filter((q) => fitsTier(q, tier)).map((q) => q.id));
          for (const card of deck.filter((c) => c.source.kind === "question")) expect(allowed.has(card.key.split(":")[1]), card.key).toBe(true);
        });

        it("is built in topic order, then key order, the same each time", () => {
          const order = new Map(bp.topics.map((t, i) => [t.id, i]));
          const ranks = deck.map((c) => order.get(c.topic)!);
          expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
          expect(buildDeck(bp, [...questions].reverse(), tier)).toEqual(deck);
        });
      });
    }
  }

  it("leaves a Higher-only question out of the Foundation deck", () => {
    const file = bankByCode("8462/1");
    const questions = candidatesOf(file);
    // chem1-006 is Higher-only (isotopes and relative atomic mass); its first part ("What are isotopes?") makes a card.
    expect(questions.find((q) => q.id === "chem1-006")?.tier).toBe("Higher");
    const key = "q:chem1-006:1";
    expect(buildDeck(file.blueprint, questions).map((c) => c.key)).toContain(key);
    expect(buildDeck(file.blueprint, questions, "Higher").map((c) => c.key)).toContain(key);
    expect(buildDeck(file.blueprint, questions, "Foundation").map((c) => c.key)).not.toContain(key);
  });

  it("labels practice questions with their id, part and paper", () => {
    const file = bankByCode("8462/1");
    const card = buildDeck(file.blueprint, candidatesOf(file)).find((c) => c.key === "q:chem1-001:2")!;
    expect(card.source).toEqual({ kind: "question", label: "ExamPrep practice question chem1-001, part 2 (AQA 8462/1)" });
    expect(htmlToText(card.back)).toContain("Filtration");
  });

  it("has topic phrases for every equation of the sheet, in its order", () => {
    expect(EQUATION_TOPICS.length).toBe(PHYSICS_EQUATIONS.length);
    expect(PHYSICS_EQUATIONS[0].words).toMatch(/^kinetic energy/);
    expect(PHYSICS_EQUATIONS[34].words).toMatch(/primary coil × current in primary coil/);
  });

  it("makes equation cards for the physics paper only, each on a topic of the paper", () => {
    for (const file of banks) {
      const eq = buildDeck(file.blueprint, candidatesOf(file)).filter((c) => c.source.kind === "equations");
      if (!file.blueprint.inserts.some((i) => i === "physics-equations" || i === "combined-physics-equations")) expect(eq).toEqual([]);
      else {
        expect(eq.length).toBeGreaterThan(10);
        const byKey = new Map(eq.map((c) => [c.key, c.topic]));
        const topics = new Set(file.blueprint.topics.map((t) => t.id));
        for (const topic of byKey.values()) expect(topics.has(topic)).toBe(true);
        if (file.blueprint.code === "8464/P/1") {
          // The Combined Science sheet: its own numbering, Vp Ip = Vs Is with Electricity.
          expect(byKey.get("eq:1")).toBe("energy-stores-and-changes"); // kinetic energy
          expect(byKey.get("eq:15")).toBe("national-grid"); // Vp Ip = Vs Is
          expect(byKey.get("eq:16")).toBe("density");
          expect(byKey.has("eq:25")).toBe(false); // momentum is Paper 2's
          expect(eq[0].source.label).toBe("Physics Equations Sheet (GCSE Combined Science: Trilogy)");
        } else if (file.blueprint.code === "8464/P/2") {
          // The Combined Science sheet on Paper 2: forces, waves and the motor effect, none of Paper 1's.
          expect(byKey.get("eq:18")).toBe("forces-and-interactions"); // weight
          expect(byKey.get("eq:22")).toBe("motion"); // acceleration
          expect(byKey.get("eq:25")).toBe("momentum");
          expect(byKey.get("eq:27")).toBe("wave-properties"); // wave speed
          expect(byKey.get("eq:28")).toBe("motor-effect"); // F = B I l
          expect(byKey.has("eq:15")).toBe(false); // Vp Ip = Vs Is is Paper 1's
          expect(byKey.has("eq:16")).toBe(false); // density is Paper 1's
          expect(eq[0].source.label).toBe("Physics Equations Sheet (GCSE Combined Science: Trilogy)");
        } else if (file.blueprint.code === "8463/1") {
          expect(byKey.get("eq:1")).toBe("energy-stores-and-changes"); // kinetic energy
          expect(byKey.get("eq:15")).toBe("density");
          expect(byKey.has("eq:28")).toBe(false); // momentum is Paper 2's
          expect(byKey.has("eq:31")).toBe(false); // wave speed is Paper 2's
        } else {
          expect(byKey.has("eq:28")).toBe(true); // momentum
          expect(byKey.has("eq:31")).toBe(true); // wave speed
          expect(byKey.has("eq:15")).toBe(false); // density is Paper 1's
        }
      }
    }
  });
});

describe("topicSummary on the seeded banks", () => {
  for (const file of banks) {
    const bp = file.blueprint;
    const questions = candidatesOf(file);
    it(`${bp.code}: names every topic without its reference and gives points from its mark schemes`, () => {
      for (const tier of tiersOf(bp)) {
        for (const topic of bp.topics) {
          const summary = topicSummary(bp, questions, topic.id, tier);
          expect(summary.topic).toBe(topic.id);
          expect(summary.name).not.toMatch(/\(\s*\d/);
          expect(summary.description).toBe(topic.description);
          expect(summary.points.length).toBeLessThanOrEqual(10);
          const onTopic = questions.some((q) => q.topic === topic.id && fitsTier(q, tier) && q.parts.some((p) => p.marks <= 4));
          if (onTopic) expect(summary.points.length, `${topic.id} ${tier ?? ""}`).toBeGreaterThan(0);
          for (const point of summary.points) {
            expect(htmlToText(point.html)).not.toMatch(/\(\d+( marks?)?\)$/);
            expect(htmlToText(point.html)).not.toMatch(/^(accept|allow|do not|any \d)\b/i);
            expect(point.source).toMatch(/^ExamPrep practice question /);
          }
          expect(new Set(summary.points.map((p) => norm(p.html))).size).toBe(summary.points.length);
        }
      }
    });
  }

  it("strips the specification reference from a name", () => {
    const file = bankByCode("8462/1");
    expect(topicSummary(file.blueprint, candidatesOf(file), "atoms-elements-compounds").name).toBe("Atoms, elements, compounds and mixtures");
  });
});

describe("topicQuiz on the seeded banks", () => {
  const answerOf = (code: string, key: string) => {
    const file = bankByCode(code);
    const [, id] = key.split(":");
    const topic = file.questions.find((q) => q.id === id)!.topic;
    const item = topicQuiz(file.blueprint, candidatesOf(file), topic).find((i) => i.key === key);
    return item && item.options[item.answer];
  };

  it("finds the option each mark scheme names, however it names it", () => {
    expect(answerOf("8462/1", "q:chem1-001:1")).toBe("Sodium chloride"); // "D: Sodium chloride (1)"
    expect(answerOf("8463/1", "q:phys1-007:3")).toBe("Nuclear fuel"); // "Nuclear fuel (1)"
    expect(answerOf("8062/15", "q:rs1-046:1")).toBe("Ali ibn Abi Talib"); // "<strong>B</strong> Ali ibn Abi Talib (1 mark)"
    expect(answerOf("8300/1", "q:maths1-005:1")).toBe("5/12"); // "B1 5/12"
    expect(answerOf("8062/2A", "q:rs2a-021:1")).toBe("The Big Bang theory"); // "1 mark for: <strong>…</strong>"
  });

  for (const file of banks) {
    const bp = file.blueprint;
    const questions = candidatesOf(file);
    it(`${bp.code}: every item's answer is the option its mark scheme names, and hasQuiz agrees`, () => {
      let items = 0;
      for (const tier of tiersOf(bp)) {
        for (const topic of bp.topics) {
          const quiz = topicQuiz(bp, questions, topic.id, tier);
          expect(hasQuiz(bp, questions, topic.id, tier)).toBe(quiz.length > 0);
          for (const item of quiz) {
            items++;
            const [, id, n] = item.key.split(":");
            const part: Part = questions.find((q) => q.id === id)!.parts[Number(n) - 1];
            expect(item.options).toEqual(part.options);
            expect(item.answer).toBeGreaterThanOrEqual(0);
            expect(item.answer).toBeLessThan(4);
            expect(norm(part.markScheme), item.key).toContain(norm(item.options[item.answer]));
            expect(htmlToText(item.prompt)).not.toMatch(/tick (\(✓\) )?one box|shade one lozenge|circle your answer/i);
            expect(htmlToText(item.explanation)).not.toBe("");
          }
        }
      }
      expect(items).toBeGreaterThan(0);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// A small hand-made paper for the edge rules.

const smallPaper = (inserts: DeckBlueprint["inserts"] = []): DeckBlueprint => ({
  code: "9999/1",
  paper: { subject: "Physics", examBoard: "AQA", level: "GCSE", name: "Test paper" },
  inserts,
  topics: [
    { id: "energy", name: "Energy stores (4.1.1)", description: "Energy stores and calculating kinetic energy and gravitational potential energy." },
    { id: "atoms", name: "Atoms", description: "The structure of the atom and isotopes." },
  ],
});

const part = (content: string, extra: Partial<Part> = {}): Part => ({
  content,
  marks: 2,
  markScheme: "<ul><li>a point worth learning about energy (1)</li><li>a second creditworthy point (1)</li></ul><p>Accept any sensible answer.</p>",
  modelAnswer: "<p>A model answer.</p>",
  ...extra,
});

const question = (id: string, parts: Part[], extra: Partial<Candidate> = {}): Candidate => ({
  id,
  topic: "energy",
  tier: "Both",
  stem: null,
  parts,
  origin: "practice",
  attribution: "practice",
  year: null,
  series: null,
  ...extra,
});

describe("the deck's rules on a hand-made paper", () => {
  it("makes no card of a part that refers to a figure, a table or an earlier answer", () => {
    const qs = [
      question("f1", [
        part("<p>Figure 1 shows a ball rolling down a ramp.</p><p>Describe the energy changes.</p>"),
        part("<p>Use the table to find the speed of the ball.</p>"),
        part("<p>Use your answer to part (a) to work out the ball's kinetic energy.</p>"),
        part("<p>Name the energy store of a stretched spring.</p>"),
      ]),
    ];
    const keys = buildDeck(smallPaper(), qs).map((c) => c.key);
    expect(keys).not.toContain("q:f1:1");
    expect(keys).not.toContain("q:f1:2");
    expect(keys).not.toContain("q:f1:3");
    expect(keys).toContain("q:f1:4");
  });

  it("puts the stem before a part about 'the student', and drops the part when the stem has a figure", () => {
    const stem = "<p>A student drops a ball from a height of 2.0 m.</p>";
    const withStem = buildDeck(smallPaper(), [question("s1", [part("<p>Give one way the student could measure the height more accurately.</p>")], { stem })]);
    const card = withStem.find((c) => c.key === "q:s1:1")!;
    expect(card.front.startsWith(stem)).toBe(true);
    const withFigure = buildDeck(smallPaper(), [
      question("s2", [part("<p>Give one way the student could measure the height more accurately.</p>")], { stem, stemFigure: {} as never }),
    ]);
    expect(withFigure.map((c) => c.key)).not.toContain("q:s2:1");
  });

  it("leaves out a stem the part does not need", () => {
    const stem = "<p>Scientists' ideas about atoms changed over time.</p>";
    const deck = buildDeck(smallPaper(), [question("n1", [part("<p>Explain why an atom has no overall charge.</p>")], { stem })]);
    expect(deck.find((c) => c.key === "q:n1:1")?.front).toBe("<p>Explain why an atom has no overall charge.</p>");
  });

  it("puts a program in the stem before a part about it, named or not", () => {
    const stem = "<p>A login program:</p><pre>tries ← 0\nWHILE tries < 3\n  tries ← tries + 1\nENDWHILE</pre>";
    const deck = buildDeck(smallPaper(), [question("c1", [part("<p>State the maximum number of times a user can try to log in.</p>")], { stem })]);
    expect(deck.find((c) => c.key === "q:c1:1")!.front.startsWith(stem)).toBe(true);
  });

  it("makes no card of a part under a figure, even one that does not name it ('Work out the size of angle x')", () => {
    const deck = buildDeck(smallPaper(), [question("g1", [part("<p>Work out the size of angle <em>x</em>.</p>")], { stemFigure: {} as never })]);
    expect(deck.map((c) => c.key)).not.toContain("q:g1:1");
  });

  it("lists a multiple-choice part's options without the tick-box instruction, and quizzes it", () => {
    const mc = part("<p>Which metal is the most reactive?</p><p>Tick (✓) one box.</p>", {
      marks: 1,
      options: ["Copper", "Iron", "Magnesium", "Zinc"],
      markScheme: "<p>Magnesium (1)</p>",
      modelAnswer: "<p>Magnesium: it is highest in the reactivity series.</p>",
    });
    const qs = [question("m1", [mc])];
    const card = buildDeck(smallPaper(), qs).find((c) => c.key === "q:m1:1")!;
    expect(card.front).not.toMatch(/Tick/);
    expect(card.front).toContain("<li>C: Magnesium</li>");
    const [item] = topicQuiz(smallPaper(), qs, "energy");
    expect(item).toMatchObject({ key: "q:m1:1", answer: 2, explanation: mc.modelAnswer, options: mc.options });
    expect(item.prompt).toBe("<p>Which metal is the most reactive?</p>");
  });

  it("skips a quiz part whose answer the mark scheme does not name for certain", () => {
    const unsure = part("<p>Which metal is the least reactive?</p><p>Tick one box.</p>", {
      marks: 1,
      options: ["Copper", "Copper sulfate", "Iron", "Zinc"],
      markScheme: "<p>Any metal below hydrogen (1)</p>",
    });
    expect(topicQuiz(smallPaper(), [question("u1", [unsure])], "energy")).toEqual([]);
    expect(hasQuiz(smallPaper(), [question("u1", [unsure])], "energy")).toBe(false);
  });

  it("keeps one of two cards whose fronts read the same", () => {
    const qs = [
      question("d1", [part("<p>Name the energy store of a stretched spring.</p>")]),
      question("d2", [part("<p>Name the  energy store of a stretched spring. </p>")]),
    ];
    const keys = buildDeck(smallPaper(), qs).map((c) => c.key);
    expect(keys).toContain("q:d1:1");
    expect(keys).not.toContain("q:d2:1");
  });

  it("makes equation cards only with the physics equations insert, on topics of the paper", () => {
    expect(buildDeck(smallPaper(), []).filter((c) => c.source.kind === "equations")).toEqual([]);
    const eq = buildDeck(smallPaper(["physics-equations"]), []).filter((c) => c.source.kind === "equations");
    expect(eq.map((c) => c.key)).toEqual(["eq:1", "eq:3"]); // kinetic and gravitational potential energy
    expect(eq[0]).toMatchObject({ topic: "energy", source: { kind: "equations", label: "Physics Equations Sheet" } });
    expect(eq[0].back).toContain("kinetic energy = 0.5 × mass × (speed)²");
  });

  it("gives every topic a specification card, and labels past questions by their attribution", () => {
    const past = question("p1", [part("<p>Name the energy store of a stretched spring.</p>")], {
      origin: "past",
      attribution: "Past paper: AQA 8463/1H, June 2019, question 01.2",
    });
    const deck = buildDeck(smallPaper(), [past]);
    expect(deck.find((c) => c.key === "spec:atoms")).toMatchObject({
      topic: "atoms",
      source: { kind: "specification", label: "AQA 9999/1 specification topic list" },
    });
    expect(deck.find((c) => c.key === "spec:energy")!.front).toContain("Energy stores");
    expect(deck.find((c) => c.key === "spec:energy")!.front).not.toContain("4.1.1");
    expect(deck.find((c) => c.key === "q:p1:1")!.source.label).toBe("Past paper: AQA 8463/1H, June 2019, question 01.2, part 1");
  });

  it("filters by tier", () => {
    const qs = [question("h1", [part("<p>Name the energy store of a stretched spring.</p>")], { tier: "Higher" })];
    expect(buildDeck(smallPaper(), qs, "Foundation").map((c) => c.key)).not.toContain("q:h1:1");
    expect(buildDeck(smallPaper(), qs, "Higher").map((c) => c.key)).toContain("q:h1:1");
  });

  it("summarises a topic's creditworthy points without marks or examiner's notes", () => {
    const qs = [
      question("x1", [
        part("<p>Name the energy store of a stretched spring.</p>", {
          markScheme: "<ul><li>elastic potential (1)</li><li>14 (1)</li></ul><p>Any 1 for 1 mark.</p><p>Accept strain energy.</p>",
        }),
      ]),
    ];
    const summary = topicSummary(smallPaper(), qs, "energy");
    expect(summary.name).toBe("Energy stores");
    expect(summary.points).toEqual([{ html: "elastic potential", source: "ExamPrep practice question x1, part 1 (AQA 9999/1)", question: "Name the energy store of a stretched spring." }]);
  });
});
