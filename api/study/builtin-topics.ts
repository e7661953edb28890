// Topic lists for recommendation subjects that have no catalogue blueprint yet, written from the
// AQA GCSE specifications (English Literature 8702, History 8145, Geography 8035). Weights are the
// marks each part carries in the exams, so the planner ranks them as the blueprints' topics are ranked.
import type { PlannerTopic } from "./planner.ts";

interface BuiltIn {
  /** What the page says the topics come from. */
  source: string;
  /** The specification's code, for the resources. */
  code: string;
  topics: PlannerTopic[];
}

const t = (id: string, name: string, description: string, weight: number, short: string): PlannerTopic => ({ id, name, description, weight, higherOnly: false, short });

export const BUILT_IN_TOPICS: Record<string, BuiltIn> = {
  "English Literature": {
    source: "ExamPrep's AQA GCSE English Literature (8702) topic list",
    code: "8702",
    topics: [
      t("shakespeare", "Shakespeare play (Paper 1 Section A)", "An extract question that widens to the whole play (for example Macbeth or Romeo and Juliet): characters, themes such as ambition, power, guilt or fate, and Shakespeare's dramatic methods. 30 marks plus 4 for SPaG.", 34, "the Shakespeare play"),
      t("nineteenth-century-novel", "19th-century novel (Paper 1 Section B)", "An extract question on the set novel (for example A Christmas Carol or Jekyll and Hyde) that asks about the whole text: characters, themes, Victorian context and the writer's purpose. 30 marks.", 30, "the 19th-century novel"),
      t("modern-text", "Modern prose or drama (Paper 2 Section A)", "An essay, chosen from two questions, on the modern set text (for example An Inspector Calls or Blood Brothers): characters, themes, structure and the writer's ideas about society. 30 marks plus 4 for SPaG.", 34, "the modern text"),
      t("poetry-anthology", "Anthology poetry: comparing poems (Paper 2 Section B)", "Compare a named poem from your anthology cluster (Power and Conflict or Love and Relationships) with one other poem of your choice: ideas, language, form and structure, context. 30 marks.", 30, "anthology poetry"),
      t("unseen-poetry", "Unseen poetry (Paper 2 Section C)", "Analyse a poem you have not seen before (24 marks), then compare its methods with a second unseen poem (8 marks).", 32, "unseen poetry"),
      t("writers-methods", "Writer's methods: language, form and structure (AO2)", "Analysing how writers create meaning with language, form and structure, using subject terminology accurately and embedding short quotations.", 24, "writer's methods"),
      t("context", "Context and the writer's purpose (AO3)", "Linking the texts to the ideas of their time (for example Jacobean kingship, Victorian poverty, post-war class and gender) and to what the writer wanted the audience to think.", 16, "context"),
      t("key-quotations", "Key quotations for closed-book exams", "Learning short, flexible quotations for every main character and theme of each set text, since the exams are closed book.", 14, "key quotations"),
      t("spag", "Spelling, punctuation and grammar (AO4)", "Accurate spelling, punctuation and a range of vocabulary and sentence structures in the Shakespeare and modern-text essays: 8 of the marks.", 8, "SPaG"),
    ],
  },
  History: {
    source: "ExamPrep's AQA GCSE History (8145) topic list",
    code: "8145",
    topics: [
      t("germany-1890-1945", "Period study: Germany, 1890–1945: Democracy and dictatorship", "Kaiser Wilhelm and the First World War, the Weimar Republic's crises and recovery, Hitler's rise to power, and life in Nazi Germany (control, terror, economic and social policy, persecution).", 40, "Germany, 1890–1945"),
      t("conflict-and-tension-1918-1939", "Wider world depth study: Conflict and tension, 1918–1939", "The peacemaking of 1919 and the Treaty of Versailles, the League of Nations and international peace, and the origins and outbreak of the Second World War.", 40, "Conflict and tension, 1918–1939"),
      t("health-and-the-people", "Thematic study: Britain: Health and the people, c1000 to the present day", "Medicine from the medieval period to the NHS: ideas about the causes of disease, surgery, public health, and the roles of individuals, science, government and war in change.", 40, "Health and the people"),
      t("elizabethan-england", "British depth study: Elizabethan England, c1568–1603", "Elizabeth's court and Parliament, life in Elizabethan times (poverty, exploration, theatre), and troubles at home and abroad (religion, Mary Queen of Scots, the Armada).", 32, "Elizabethan England"),
      t("historic-environment", "The historic environment (Elizabethan England)", "The site named by AQA for your exam year: its location, function, structure, the people connected with it and how it reflects the wider period. 8 marks.", 8, "the historic environment"),
      t("source-analysis", "Source and interpretation skills", "How useful is a source (content, provenance, context), how convincing is an interpretation, and how do two interpretations differ and why.", 24, "source and interpretation skills"),
      t("extended-writing", "Extended writing: 16-mark essays", "'How far do you agree' and 'Which was more important' essays: a balanced argument, a clear judgement and specific knowledge, with 4 marks for SPaG on some questions.", 32, "16-mark essays"),
    ],
  },
  Geography: {
    source: "ExamPrep's AQA GCSE Geography (8035) topic list",
    code: "8035",
    topics: [
      t("natural-hazards", "The challenge of natural hazards", "Tectonic hazards (plate margins, effects and responses in contrasting places), weather hazards (tropical storms, UK extreme weather) and climate change (evidence, causes, mitigation and adaptation).", 33, "natural hazards"),
      t("living-world", "The living world", "Ecosystems, tropical rainforests (deforestation case study, sustainable management) and either hot deserts or cold environments.", 25, "the living world"),
      t("physical-landscapes", "Physical landscapes in the UK", "Two of coastal, river and glacial landscapes: the processes, landforms, a named example and how the landscape is managed.", 30, "UK physical landscapes"),
      t("urban-issues", "Urban issues and challenges", "Urban growth, a major city in a lower-income or newly emerging economy, a major UK city case study, and sustainable urban living.", 33, "urban issues"),
      t("changing-economic-world", "The changing economic world", "Measuring development and the development gap, a newly emerging economy case study (for example Nigeria), and economic change in the UK.", 30, "the changing economic world"),
      t("resource-management", "The challenge of resource management", "Food, water and energy in the UK and the world, and one of food, water or energy in depth (supply, demand, strategies to increase supply).", 25, "resource management"),
      t("issue-evaluation", "Issue evaluation (Paper 3 Section A)", "Using the pre-release resource booklet to analyse a geographical issue and justify a decision between options.", 37, "issue evaluation"),
      t("fieldwork", "Fieldwork (Paper 3 Section B)", "Your physical and human enquiries: questions and hypotheses, methods, data presentation, analysis, conclusions and evaluation.", 36, "fieldwork"),
      t("geographical-skills", "Geographical skills", "Maps and grid references, graphs, statistics (mean, median, interquartile range, percentage change) and interpreting photographs, tested across all three papers.", 24, "geographical skills"),
    ],
  },
};
