// The offline topic suggestion: TF-IDF over the paper's topics, explained by the words that decided it.
import { describe, expect, it } from "vitest";
import { stem, suggestTopic, terms } from "./topic-match.ts";

const topics = [
  { id: "cells", name: "Cell structure", description: "Animal and plant cells, the nucleus, cell membrane, cell wall and chloroplasts." },
  { id: "enzymes", name: "Enzymes and digestion", description: "Enzyme action, amylase, protease and lipase, and the effect of pH and temperature on enzymes." },
  { id: "disease", name: "Communicable disease", description: "Pathogens such as viruses and bacteria, how they spread, vaccination and antibiotics." },
];

describe("suggestTopic", () => {
  it("takes common endings off so plural and singular meet, and drops question words", () => {
    expect(stem("enzymes")).toBe("enzyme");
    expect(stem("bacteria")).toBe("bacteria");
    expect(stem("antibodies")).toBe("antibody");
    expect([...terms("Explain why the enzymes are denatured.").keys()]).toEqual(["enzyme", "denatur"]);
  });

  it("names the topic whose rarer words the question shares, and says which words", () => {
    const s = suggestTopic("Amylase digests starch. Explain the effect of pH on the enzyme.", topics);
    expect(s.topic).toBe("enzymes");
    expect(s.words).toContain("amylase");
    expect(s.reason).toMatch(/^Suggested Enzymes and digestion \(similarity 0\.\d\d\): the question shares .*“amylase”/);
    expect(suggestTopic("Measles is spread by a virus. Why can antibiotics not treat it?", topics).topic).toBe("disease");
  });

  it("weighs a word every topic has (here 'cell') below one only a topic has", () => {
    const everywhere = [...topics.map((t) => ({ ...t, description: `${t.description} In the cell.` }))];
    expect(suggestTopic("A cell makes lipase to digest lipids.", everywhere).topic).toBe("enzymes");
  });

  it("suggests nothing, and says so, when no word of the question names a topic", () => {
    expect(suggestTopic("Write your name on the front cover.", topics)).toMatchObject({ topic: null, reason: "No word of the question names one of the paper's topics: choose its topic." });
    expect(suggestTopic("Anything", []).topic).toBeNull();
  });
});
