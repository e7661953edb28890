// Past-paper PDFs made for the tests with pdf-lib, in each board's numbering and mark style, with the
// page furniture real papers carry (running header and footer, page numbers, 'Turn over', 'Do not
// write outside the box'). Used by the structure tests and the browser test of Analyze Structure.
import { PDFDocument, StandardFonts } from "pdf-lib";

/** One printed line: text at the left margin, optionally a mark at the right margin (Edexcel). */
export interface FixtureLine {
  text: string;
  right?: string;
  indent?: number;
}

/** A PDF whose pages hold these lines (a page break at every null), with the board's furniture on each page. */
export async function fixturePdf(pages: FixtureLine[][], furniture: { header: string; footer: string; margin?: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  pages.forEach((lines, i) => {
    const page = doc.addPage([595, 842]);
    page.drawText(furniture.header, { x: 50, y: 810, size: 8, font });
    if (furniture.margin) page.drawText(furniture.margin, { x: 560, y: 400, size: 7, font });
    let y = 770;
    for (const line of lines) {
      page.drawText(line.text, { x: 50 + (line.indent ?? 0), y, size: 11, font });
      if (line.right) page.drawText(line.right, { x: 520, y, size: 11, font });
      y -= 22;
    }
    page.drawText(String(i + 1), { x: 292, y: 30, size: 9, font });
    page.drawText(furniture.footer, { x: 50, y: 45, size: 8, font });
    if (i < pages.length - 1) page.drawText("Turn over", { x: 480, y: 30, size: 9, font });
  });
  return doc.save();
}

const l = (text: string, right?: string, indent?: number): FixtureLine => ({ text, right, indent });

/** AQA: 01.1 numbering, [n marks], two sections; 9 parts in 4 questions, 40 marks. */
export const AQA_PAPER = {
  parts: ["01.1", "01.2", "01.3", "02.1", "02.2", "03.1", "03.2", "04.1", "04.2"],
  marks: [1, 2, 4, 3, 6, 2, 4, 6, 12],
  sections: ["Section A", "Section B"],
  pages: [
    [
      l("Section A"),
      l("Answer all questions in this section."),
      l("01.1 Which organelle is the site of aerobic respiration?"),
      l("Tick one box."),
      l("A Nucleus   B Ribosome   C Mitochondrion   D Cell membrane"),
      l("[1 mark]", undefined, 400),
      l("01.2 Name two structures found in plant cells but not in animal cells."),
      l("[2 marks]", undefined, 400),
      l("01.3 Describe how a student could prepare a slide of onion cells."),
      l("[4 marks]", undefined, 400),
    ],
    [
      l("02.1 Calculate the magnification of the image."),
      l("[3 marks]", undefined, 400),
      l("02.2 Explain how the structure of a root hair cell is adapted to its function."),
      l("[6 marks]", undefined, 400),
    ],
    [
      l("Section B"),
      l("0 3 . 1 Give two symptoms of measles."),
      l("[2 marks]", undefined, 400),
      l("0 3 . 2 Explain why antibiotics cannot cure viral diseases."),
      l("[4 marks]", undefined, 400),
      l("04.1 Describe the stages of clinical trials for a new drug."),
      l("[6 marks]", undefined, 400),
      l("04.2 Evaluate the use of monoclonal antibodies in treating cancer."),
      l("[12 marks]", undefined, 400),
    ],
  ],
  furniture: { header: "IB/M/Jun24/8461/1H", footer: "Do not write outside the box", margin: "Do not write outside the box" },
};

/** Edexcel: 1 (a)(i) numbering, (n) at the right margin, no sections; 7 parts in 3 questions, 20 marks. */
export const EDEXCEL_PAPER = {
  parts: ["1(a)(i)", "1(a)(ii)", "1(b)", "2(a)", "2(b)", "3(a)", "3(b)"],
  marks: [1, 2, 3, 2, 4, 2, 6],
  pages: [
    [
      l("Answer ALL questions. Write your answers in the spaces provided."),
      l("1 (a) (i) State the charge on an electron.", "(1)"),
      l("(ii) Describe what is meant by an isotope.", "(2)"),
      l("(b) Explain why the atom is neutral overall.", "(3)"),
      l("(Total for Question 1 is 6 marks)"),
    ],
    [
      l("2 (a) Give the formula for density.", "(2)"),
      l("(b) A block has a mass of 3 kg and a volume of 0.5 m3. Calculate its density.", "(4)"),
      l("(Total for Question 2 is 6 marks)"),
    ],
    [
      l("3 (a) Describe the energy transfers in a falling ball.", "(2)"),
      l("(b) Evaluate the use of wind turbines to generate electricity.", "(6)"),
      l("(Total for Question 3 is 8 marks)"),
      l("TOTAL FOR PAPER IS 20 MARKS"),
    ],
  ],
  furniture: { header: "P72841A", footer: "DO NOT WRITE IN THIS AREA" },
};

/** OCR: 1 (a) numbering, [n] at the end of the line, Section A/B; 6 parts in 4 questions, 30 marks. */
export const OCR_PAPER = {
  parts: ["1(a)", "1(b)", "2", "3(a)", "3(b)", "4"],
  marks: [2, 3, 5, 4, 6, 10],
  sections: ["Section A", "Section B"],
  pages: [
    [
      l("SECTION A"),
      l("1 (a) Define the term 'opportunity cost'. [2]"),
      l("(b) Explain one reason why firms grow. [3]"),
      l("2 Analyse the effect of a rise in interest rates on consumer spending. [5]"),
    ],
    [
      l("SECTION B"),
      l("3 (a) Explain two benefits of specialisation. [4]"),
      l("(b) Discuss whether a minimum wage reduces poverty. [6]"),
      l("4 Evaluate the case for government intervention in the housing market."),
      l("[10]", undefined, 440),
    ],
  ],
  furniture: { header: "© OCR 2024 J205/01", footer: "Turn over" },
};

/** A specification: a contents page, then numbered topic headings with content lines and sub-headings. */
export const SPECIFICATION = {
  topics: ["4.1 Cell biology", "4.2 Organisation", "4.3 Infection and response", "4.4 Bioenergetics"],
  pages: [
    [
      l("Contents"),
      l("4.1 Cell biology .......... 12"),
      l("4.2 Organisation .......... 18"),
      l("4.3 Infection and response .......... 25"),
      l("4.4 Bioenergetics .......... 31"),
    ],
    [
      l("4 Subject content"),
      l("4.1 Cell biology"),
      l("Cells are the basic unit of all forms of life."),
      l("4.1.1 Cell structure"),
      l("4.1.1.1 Eukaryotes and prokaryotes"),
      l("Plant and animal cells (eukaryotic cells) have a cell membrane, cytoplasm and genetic material."),
      l("4.1.1.2 Animal and plant cells"),
      l("Students should be able to explain how the main sub-cellular structures are related to their functions."),
      l("4.2 Organisation"),
      l("Cells are organised into tissues, organs and organ systems."),
    ],
    [
      l("4.3 Infection and response"),
      l("Pathogens are microorganisms that cause infectious disease."),
      l("4.4 Bioenergetics"),
      l("Photosynthesis and respiration: the energy of living things."),
    ],
  ],
  furniture: { header: "AQA GCSE Biology 8461. Version 1.0", footer: "Visit aqa.org.uk/8461 for the most up-to-date specification" },
};
