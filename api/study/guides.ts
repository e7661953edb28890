// What the offline planner says about each recommendation subject's exams: the specification, the
// command words and the technique that earns marks, and where to practise. AQA GCSE, as the catalogue.

export interface SubjectGuide {
  /** 'AQA GCSE Biology (8461)'. */
  specification: string;
  /** How the exam's time works out per mark. */
  timing: string;
  commandWords: string[];
  techniqueTitle: string;
  technique: string;
  /** What a practice session answers: 'exam-style questions', 'essay plans'. */
  practiceUnit: string;
  /** A good external resource for this subject (title, what it is). */
  resource: { title: string; description: string; type: string };
}

export const SUBJECT_GUIDES: Record<string, SubjectGuide> = {
  Mathematics: {
    specification: "AQA GCSE Mathematics (8300)",
    timing: "80 marks in 1 h 30 min: just over a minute a mark",
    commandWords: ["Work out", "Show that", "Prove", "Give a reason for your answer"],
    techniqueTitle: "working, 'show that' and multi-step problems",
    technique:
      "Write every step so method marks are safe even when an answer slips, give 'show that' answers to more accuracy than the value you are shown, and break 4- and 5-mark problems into the small calculations they hide. Check units, rounding and whether the answer is sensible.",
    practiceUnit: "exam-style questions",
    resource: { title: "Corbettmaths videos and 5-a-day", description: "A short video and worksheet for each topic, plus a daily set of mixed questions at Foundation or Higher.", type: "website" },
  },
  Physics: {
    specification: "AQA GCSE Physics (8463)",
    timing: "100 marks in 1 h 45 min: about a minute a mark",
    commandWords: ["Calculate", "Explain", "Describe", "Evaluate", "Determine"],
    techniqueTitle: "equations, units and required practicals",
    technique:
      "For every calculation write the equation, substitute, rearrange and give the answer with its unit. Learn the equations you must recall, and rehearse the required practicals (specific heat capacity, resistance, I–V characteristics, density): variables, method, risks and sources of error.",
    practiceUnit: "exam-style questions",
    resource: { title: "AQA GCSE Physics past papers and mark schemes", description: "Past papers, mark schemes and examiner reports from aqa.org.uk: read what examiners said lost marks.", type: "past_papers" },
  },
  Chemistry: {
    specification: "AQA GCSE Chemistry (8462)",
    timing: "100 marks in 1 h 45 min: about a minute a mark",
    commandWords: ["Calculate", "Explain", "Describe", "Compare", "Balance"],
    techniqueTitle: "calculations, equations and 6-mark answers",
    technique:
      "Balance equations before using them, show each step of mole and concentration calculations with units, and plan 6-mark answers as a logical sequence. Rehearse the required practicals (making salts, electrolysis, temperature changes, titration): method, variables and errors.",
    practiceUnit: "exam-style questions",
    resource: { title: "AQA GCSE Chemistry past papers and mark schemes", description: "Past papers, mark schemes and examiner reports from aqa.org.uk: note the exact wording that earns each mark.", type: "past_papers" },
  },
  Biology: {
    specification: "AQA GCSE Biology (8461)",
    timing: "100 marks in 1 h 45 min: about a minute a mark",
    commandWords: ["Describe", "Explain", "Evaluate", "Suggest", "Calculate"],
    techniqueTitle: "6-mark extended responses and required practicals",
    technique:
      "Plan 6-mark answers as a chain of linked points (because… which means… so…) using the specification's key terms, and rehearse the required practicals (microscopy, osmosis, enzymes, food tests, photosynthesis rate): variables, method and how to improve accuracy.",
    practiceUnit: "exam-style questions",
    resource: { title: "BBC Bitesize GCSE Biology (AQA)", description: "Short explanations, diagrams and quick tests for each AQA topic.", type: "website" },
  },
  "English Literature": {
    specification: "AQA GCSE English Literature (8702)",
    timing: "Paper 1: 1 h 45 min for two essays; Paper 2: 2 h 15 min for three sections",
    commandWords: ["How does the writer present", "Starting with this extract", "Compare"],
    techniqueTitle: "thesis statements, embedded quotations and timing",
    technique:
      "Open each essay with a one-sentence argument that answers the question, keep every paragraph tied to the question's key word, embed short quotations and zoom in on single words, and link ideas to context only where it explains meaning. Keep five minutes to proofread for SPaG.",
    practiceUnit: "timed essay plans and paragraphs",
    resource: { title: "Your annotated set texts", description: "Re-read the key scenes and chapters, annotating methods and themes in the margin: the exams are closed book.", type: "notes" },
  },
  History: {
    specification: "AQA GCSE History (8145)",
    timing: "84 marks in 2 h per paper: about a minute and a half a mark",
    commandWords: ["How useful", "How convincing", "Explain what was important", "Write an account", "How far do you agree"],
    techniqueTitle: "question types, sources and 16-mark essays",
    technique:
      "Match each question type to what its mark scheme rewards: content, provenance and context for 'how useful'; a sustained line of argument with a justified judgement for 16-mark essays; specific dates, names and figures everywhere. Spend about a minute and a half per mark.",
    practiceUnit: "exam-style questions and essay plans",
    resource: { title: "AQA GCSE History past papers and mark schemes", description: "Past papers and the levels-based mark schemes from aqa.org.uk: mark your own answers against the level descriptors.", type: "past_papers" },
  },
  Geography: {
    specification: "AQA GCSE Geography (8035)",
    timing: "Papers 1 and 2: 88 marks in 1 h 30 min; Paper 3: 76 marks in 1 h 15 min",
    commandWords: ["Assess", "Evaluate", "To what extent", "Suggest", "Explain"],
    techniqueTitle: "case studies, 9-mark answers and skills questions",
    technique:
      "Use named case-study facts (places, figures, dates) in 6- and 9-mark answers, reach a clear judgement for 'assess', 'evaluate' and 'to what extent', and practise the skills questions: grid references, graphs, percentage change and interquartile range.",
    practiceUnit: "exam-style questions",
    resource: { title: "BBC Bitesize GCSE Geography (AQA)", description: "Case-study summaries and quick tests for each AQA topic.", type: "website" },
  },
  "Religious Studies": {
    specification: "AQA GCSE Religious Studies A (8062)",
    timing: "96 marks plus 6 SPaG in 1 h 45 min per paper: about a minute a mark",
    commandWords: ["Give two", "Explain two ways", "Explain two … refer to sacred writings", "Evaluate this statement"],
    techniqueTitle: "the 1-2-4-5-12 question pattern",
    technique:
      "Learn what each question in the 1-2-4-5-12 pattern wants: two developed points for 4 marks, a reference to sacred writings or another source of authority for 5 marks, and for the 12-mark 'evaluate' question developed arguments on both sides with religious teaching, then a justified conclusion. SPaG marks go with the 12-markers.",
    practiceUnit: "exam-style questions",
    resource: { title: "AQA GCSE Religious Studies A past papers and mark schemes", description: "Past papers and mark schemes from aqa.org.uk, with the levels of response for 12-mark answers.", type: "past_papers" },
  },
};

export const DEFAULT_GUIDE: SubjectGuide = {
  specification: "your exam board's specification",
  timing: "about a minute a mark",
  commandWords: ["Describe", "Explain", "Evaluate"],
  techniqueTitle: "command words and mark schemes",
  technique: "Read what each command word asks for, match the length of your answer to the marks, and mark your answers with the official mark scheme.",
  practiceUnit: "exam-style questions",
  resource: { title: "Your exam board's past papers and mark schemes", description: "Past papers, mark schemes and examiner reports from your exam board's website.", type: "past_papers" },
};

export const guideFor = (subject: string) => SUBJECT_GUIDES[subject] ?? DEFAULT_GUIDE;
