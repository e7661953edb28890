// The extraction corpus as data: seven original exam-style GCSE papers, two in each board's
// convention and one more (AQA Chemistry) that the corpus also holds as a scan, each with its mark
// scheme. The questions are written for this corpus, not taken from real papers. html.ts prints them
// and truth.json records them; the extraction pipeline is measured against this data.
import type { CorpusPart, CorpusPaper } from "./types.ts";

const part = (number: string, marks: number, text: string, answer: string[], extra: Partial<CorpusPart> = {}): CorpusPart => ({
  number,
  marks,
  text,
  answer,
  ...extra,
});

const AQA_BIOLOGY: CorpusPaper = {
  id: "aqa-biology-8461-1h-2024",
  convention: "AQA",
  cover: {
    board: "AQA", subject: "Biology", level: "GCSE", tier: "Higher", series: "June", year: 2024, paperCode: "8461/1H",
    paperTitle: "Paper 1H", totalMarks: 50, timeMinutes: 60, date: "2024-05-10", session: "Morning", printReference: "IB/M/Jun24/E6",
  },
  sections: [{
    name: null,
    questions: [
      {
        question: 1,
        stem: "This question is about cells.",
        parts: [
          part("01.1", 1, "Which structure controls the activities of a plant cell? Tick (✓) one box.", ["Nucleus"], {
            options: ["Cell wall", "Chloroplast", "Nucleus", "Vacuole"],
          }),
          part("01.2", 2, "Give two structures found in a plant cell that are not found in an animal cell.", [
            "any two from:",
            "cell wall",
            "chloroplast(s)",
            "(permanent) vacuole",
          ], { lines: 4 }),
          part(
            "01.3",
            2,
            "A student viewed onion cells with a light microscope. The image of one cell was 6 mm long. The real length of the cell was 0.12 mm. Calculate the magnification of the image.",
            ["6 ÷ 0.12 (1)", "× 50 (1)"],
            { guidance: "an answer of 50 scores 2 marks", ao: "AO2 4.1.1.5", lines: 3 },
          ),
          part("01.4", 4, "Describe how the student should prepare a slide of onion epidermis cells.", [
            "peel a thin layer of epidermis from the onion (1)",
            "place it flat on a microscope slide in a drop of water (1)",
            "add a drop of iodine solution to stain the cells (1)",
            "lower a coverslip at an angle to avoid trapping air bubbles (1)",
          ], { ao: "AO1 4.1.1.5" }),
        ],
      },
      {
        question: 2,
        stem: "This question is about digestion.",
        parts: [
          part("02.1", 3, "Complete the table to show the enzyme that digests each food molecule and the product.", [
            "amylase (1)",
            "protease (1)",
            "fatty acids and glycerol (1)",
          ], {
            table: { header: ["Food molecule", "Enzyme", "Product"], rows: [["Starch", "", "Sugars"], ["Protein", "", "Amino acids"], ["Lipid", "Lipase", ""]] },
            lines: 0,
          }),
          part(
            "02.2",
            2,
            "A student investigated the effect of pH on the activity of amylase. The table shows the time taken for the starch to be digested at each pH.",
            ["1 ÷ 60 (1)", "0.017 per second (1)"],
            {
              table: { header: ["pH", "Time taken in seconds"], rows: [["5", "140"], ["6", "90"], ["7", "60"], ["8", "110"]] },
              after: "Calculate the rate of reaction at pH 7. Give your answer to 2 significant figures.",
              guidance: "allow 0.0167 for 1 mark",
              lines: 3,
            },
          ),
          part("02.3", 3, "Explain why the time taken increases when the pH is above 7.", [
            "the shape of the active site changes (1)",
            "so the enzyme is denatured (1)",
            "so starch no longer fits the active site and fewer enzyme-substrate complexes form (1)",
          ]),
          part("02.4", 2, "Give two variables the student should control.", [
            "any two from:",
            "temperature",
            "volume or concentration of starch solution",
            "volume or concentration of amylase",
          ], { lines: 4 }),
        ],
      },
      {
        question: 3,
        stem: "Measles is a disease caused by a virus.",
        parts: [
          part("03.1", 2, "Describe how the measles virus is spread from one person to another.", [
            "by inhaling droplets (1)",
            "from the sneezes or coughs of an infected person (1)",
          ]),
          part("03.2", 2, "Explain why antibiotics cannot be used to treat measles.", [
            "antibiotics kill bacteria (1)",
            "measles is caused by a virus, which lives inside the body's cells (1)",
          ]),
          part("03.3", 4, "A vaccine is available for measles. Explain how vaccination protects a child against measles.", [
            "a small amount of dead or inactive virus is injected (1)",
            "white blood cells produce antibodies against the virus (1)",
            "memory cells remain in the blood (1)",
            "if the child is infected, antibodies are produced rapidly so the child does not become ill (1)",
          ], { breakBefore: true }),
          part("03.4", 2, "Suggest why it is important for a large proportion of the population to be vaccinated.", [
            "the virus is less likely to spread (1)",
            "so people who are not vaccinated are protected (herd immunity) (1)",
          ]),
        ],
      },
      {
        question: 4,
        stem: "Plants make glucose by photosynthesis.",
        parts: [
          part("04.1", 1, "Complete the word equation for photosynthesis. carbon dioxide + water → glucose + ……………", ["oxygen"], { lines: 0 }),
          part(
            "04.2",
            2,
            "A student investigated the effect of light intensity on the rate of photosynthesis in pondweed. The table shows the results.",
            [
              "as the distance increases the rate of photosynthesis decreases (1)",
              "the decrease gets smaller as the distance increases (1)",
            ],
            {
              table: { header: ["Distance of lamp in cm", "Number of bubbles per minute"], rows: [["10", "48"], ["20", "30"], ["30", "17"], ["40", "9"]] },
              after: "Describe the relationship between the distance of the lamp and the rate of photosynthesis.",
            },
          ),
          part(
            "04.3",
            2,
            "Light intensity is inversely proportional to the square of the distance from the lamp. Calculate how many times greater the light intensity is at 10 cm than at 40 cm.",
            ["(40 ÷ 10)² (1)", "16 (1)"],
            { lines: 3 },
          ),
          part("04.4", 1, "Give one way a plant uses the glucose made in photosynthesis.", [
            "any one from: respiration; stored as starch; to make cellulose; to make amino acids; stored as fats or oils",
          ], { lines: 2 }),
        ],
      },
      {
        question: 5,
        parts: [
          part("05", 6, "Compare aerobic respiration and anaerobic respiration in human muscle cells.", [
            "Level 3 (5–6 marks): a detailed comparison of both types covering reactants, products and energy released",
            "Level 2 (3–4 marks): some similarities or differences are given",
            "Level 1 (1–2 marks): simple statements about one type of respiration",
            "indicative content: aerobic respiration uses oxygen, anaerobic does not; aerobic produces carbon dioxide and water; anaerobic produces lactic acid; aerobic releases much more energy per glucose; anaerobic happens during vigorous exercise and leads to an oxygen debt; both use glucose and are exothermic",
          ], { ao: "AO1 4.4.2.1" }),
        ],
      },
      {
        question: 6,
        stem: "Coronary heart disease (CHD) is a non-communicable disease.",
        parts: [
          part("06.1", 3, "Describe how CHD can lead to a heart attack.", [
            "layers of fatty material build up inside the coronary arteries (1)",
            "which narrows the arteries and reduces the flow of blood (1)",
            "so the heart muscle receives less oxygen (1)",
          ]),
          part("06.2", 6, "Evaluate the use of stents and statins to treat CHD.", [
            "Level 3 (5–6 marks): advantages and disadvantages of both treatments are weighed to reach a conclusion",
            "Level 2 (3–4 marks): some advantages or disadvantages of each treatment",
            "Level 1 (1–2 marks): simple points about one treatment",
            "indicative content: stents keep arteries open and work at once but need surgery with a risk of infection or blood clots; statins lower blood cholesterol and slow the build-up of fatty material, need no surgery, but must be taken long term, take time to work and may have side effects",
          ], { ao: "AO3 4.2.2.4" }),
        ],
      },
    ],
  }],
};

const AQA_PHYSICS: CorpusPaper = {
  id: "aqa-physics-8463-2f-2023",
  convention: "AQA",
  cover: {
    board: "AQA", subject: "Physics", level: "GCSE", tier: "Foundation", series: "June", year: 2023, paperCode: "8463/2F",
    paperTitle: "Paper 2F", totalMarks: 33, timeMinutes: 40, date: "2023-06-13", session: "Afternoon", printReference: "IB/G/Jun23/E4",
  },
  sections: [{
    name: null,
    questions: [
      {
        question: 1,
        stem: "This question is about forces.",
        parts: [
          part("01.1", 1, "Which of the following is a vector quantity? Tick (✓) one box.", ["Velocity"], { options: ["Distance", "Mass", "Speed", "Velocity"] }),
          part("01.2", 1, "Write down the equation that links gravitational field strength (g), mass (m) and weight (W).", [
            "W = m g",
          ], { guidance: "allow weight = mass × gravitational field strength", lines: 2 }),
          part("01.3", 2, "A student has a mass of 55 kg. Gravitational field strength = 9.8 N/kg. Calculate the weight of the student.", [
            "W = 55 × 9.8 (1)",
            "W = 539 N (1)",
          ], { lines: 3 }),
          part("01.4", 1, "The student stands at the end of a diving board and the board bends. Name the store of energy that increases as the board bends.", [
            "elastic potential (energy store)",
          ], { lines: 1 }),
        ],
      },
      {
        question: 2,
        stem: "A car travels along a straight, level road.",
        parts: [
          part("02.1", 2, "The table shows the distance travelled by the car at different times.", ["180 ÷ 15 (1)", "12 m/s (1)"], {
            table: { header: ["Time in s", "Distance in m"], rows: [["0", "0"], ["5", "60"], ["10", "120"], ["15", "180"]] },
            after: "Calculate the speed of the car.",
            guidance: "allow any correct pair of values from the table",
            lines: 3,
          }),
          part("02.2", 2, "The driver sees a hazard and applies the brakes. Give two factors that increase the braking distance of a car.", [
            "any two from:",
            "a wet or icy road",
            "worn tyres or brakes",
            "a greater speed",
            "a greater mass of the car",
          ], { lines: 4 }),
          part("02.3", 1, "Give one factor that increases the thinking distance of the driver.", [
            "any one from: tiredness; drugs; alcohol; distractions; a greater speed",
          ], { lines: 1 }),
          part(
            "02.4",
            2,
            "The car decelerates from 12 m/s to rest in 4.0 s. Calculate the deceleration of the car. Use the equation: acceleration = change in velocity ÷ time taken",
            ["12 ÷ 4.0 (1)", "3.0 m/s² (1)"],
            { lines: 3 },
          ),
          part(
            "02.5",
            2,
            "The mass of the car is 1200 kg. Calculate the resultant force on the car while it decelerates. Use the equation: resultant force = mass × acceleration",
            ["1200 × 3.0 (1)", "3600 N (1)"],
            { guidance: "allow a correct answer using their value from 02.4", lines: 3 },
          ),
        ],
      },
      {
        question: 3,
        stem: "This question is about waves.",
        parts: [
          part("03.1", 1, "Which type of electromagnetic wave has the longest wavelength? Tick (✓) one box.", ["Radio waves"], {
            options: ["Gamma rays", "Infrared", "Radio waves", "Ultraviolet"],
          }),
          part("03.2", 1, "Give one use of microwaves.", ["any one from: cooking food; satellite communications"], { lines: 1 }),
          part(
            "03.3",
            2,
            "A water wave has a frequency of 0.5 Hz and a wavelength of 4.0 m. Calculate the speed of the water wave. Use the equation: wave speed = frequency × wavelength",
            ["0.5 × 4.0 (1)", "2.0 m/s (1)"],
            { breakBefore: true, lines: 3 },
          ),
          part("03.4", 2, "Describe the difference between a transverse wave and a longitudinal wave.", [
            "in a transverse wave the oscillations are perpendicular to the direction of energy transfer (1)",
            "in a longitudinal wave the oscillations are parallel to the direction of energy transfer (1)",
          ]),
          part("03.5", 1, "Give one risk of exposing the skin to ultraviolet radiation.", [
            "any one from: skin cancer; premature ageing of the skin; sunburn",
          ], { lines: 1 }),
        ],
      },
      {
        question: 4,
        stem: "A student investigated how the extension of a spring depends on the force applied to it.",
        parts: [
          part("04.1", 1, "The table shows the results.", ["5.0 N"], {
            table: { header: ["Force in N", "Extension in cm"], rows: [["1.0", "2.0"], ["2.0", "4.1"], ["3.0", "5.9"], ["4.0", "8.0"], ["5.0", "12.5"]] },
            after: "Which force gave a result beyond the limit of proportionality of the spring?",
            lines: 1,
          }),
          part(
            "04.2",
            3,
            "Calculate the spring constant of the spring. Use the result for a force of 4.0 N. Use the equation: force = spring constant × extension",
            ["extension = 0.080 m (1)", "spring constant = 4.0 ÷ 0.080 (1)", "50 N/m (1)"],
            { lines: 4 },
          ),
          part("04.3", 2, "Describe how the student could make the measurements of extension more accurate.", [
            "any two from:",
            "use a pointer fixed to the bottom of the spring",
            "read the ruler at eye level",
            "clamp the ruler so that it is vertical",
          ]),
        ],
      },
      {
        question: 5,
        parts: [
          part("05", 6, "A student wants to find the density of a small stone with an irregular shape. Describe a method the student could use.", [
            "Level 3 (5–6 marks): a coherent method that would give a valid value of density",
            "Level 2 (3–4 marks): a method for finding the volume or the mass, with some steps missing",
            "Level 1 (1–2 marks): simple statements about measuring the stone",
            "indicative content: measure the mass of the stone with a balance; fill a displacement can with water up to the spout; lower the stone into the water; collect the displaced water in a measuring cylinder; the volume of water equals the volume of the stone; density = mass ÷ volume",
          ], { ao: "AO1 6.5.1.1" }),
        ],
      },
    ],
  }],
};

const EDEXCEL_MATHS: CorpusPaper = {
  id: "edexcel-maths-1ma1-1f-2023",
  convention: "Edexcel",
  cover: {
    board: "Edexcel", subject: "Mathematics", level: "GCSE", tier: "Foundation", series: "November", year: 2023, paperCode: "1MA1/1F",
    paperTitle: "Paper 1 (Non-Calculator)", totalMarks: 39, timeMinutes: 45, date: "2023-11-08", session: "Morning", printReference: "P73482A",
  },
  sections: [{
    name: null,
    questions: [
      {
        question: 1,
        parts: [
          part("1(a)", 1, "Write 0.7 as a fraction.", ["7/10"], { guidance: "B1 cao" }),
          part("1(b)", 1, "Write 35% as a decimal.", ["0.35"], { guidance: "B1 cao" }),
        ],
      },
      { question: 2, parts: [part("2", 3, "Work out 326 × 24", ["7824"], { guidance: "M1 for a complete method with relative place value correct; M1 for addition of all the appropriate elements; A1 cao" })] },
      {
        question: 3,
        stem: "Here is a list of numbers. 4 7 12 15 16 21 25",
        parts: [
          part("3(a)", 1, "From the numbers in the list, write down a square number.", ["4, 16 or 25"], { guidance: "B1 for any one of 4, 16, 25" }),
          part("3(b)", 1, "From the numbers in the list, write down a prime number.", ["7"], { guidance: "B1 cao" }),
          part("3(c)", 1, "From the numbers in the list, write down a factor of 48.", ["4, 12 or 16"], { guidance: "B1 for any one of 4, 12, 16" }),
        ],
      },
      {
        question: 4,
        stem: "The table shows the number of books read by each of 30 students in one month.",
        parts: [
          part("4(a)", 1, "Write down the mode.", ["1"], {
            table: { header: ["Number of books", "Frequency"], rows: [["0", "4"], ["1", "9"], ["2", "8"], ["3", "6"], ["4", "3"]] },
            guidance: "B1 cao",
          }),
          part("4(b)", 2, "Work out the total number of books read by the 30 students.", ["55"], { guidance: "M1 for 0×4 + 1×9 + 2×8 + 3×6 + 4×3; A1 cao" }),
          part("4(c)", 2, "One of the 30 students is chosen at random. Find the probability that this student read more than 2 books.", ["9/30 (= 3/10)"], {
            breakBefore: true,
            guidance: "M1 for 6 + 3 or 9 seen; A1 for 9/30 oe",
          }),
        ],
      },
      { question: 5, parts: [part("5", 2, "Work out the value of 5a + 2b when a = 4 and b = −3", ["14"], { guidance: "M1 for 5 × 4 + 2 × −3 or 20 and −6; A1 cao" })] },
      {
        question: 6,
        parts: [
          part("6(a)", 2, "Simplify 4x + 3y − x + 5y", ["3x + 8y"], { guidance: "B2 for 3x + 8y; B1 for 3x or 8y" }),
          part("6(b)", 2, "Solve 3x − 7 = 14", ["x = 7"], { guidance: "M1 for 3x = 21 or 14 + 7; A1 cao" }),
          part("6(c)", 1, "Expand 5(2y − 3)", ["10y − 15"], { guidance: "B1 cao" }),
        ],
      },
      {
        question: 7,
        parts: [
          part("7", 3, "Sam buys 3 notebooks at £1.45 each and 2 pens at 80p each. He pays with a £10 note. How much change should Sam get?", ["£4.05"], {
            unit: "£",
            guidance: "M1 for 3 × 1.45 (= 4.35) or 2 × 0.80 (= 1.60); M1 for 10 − (4.35 + 1.60); A1 cao",
          }),
        ],
      },
      {
        question: 8,
        stem: "In a club, the ratio of the number of boys to the number of girls is 3 : 5. There are 40 children in the club.",
        parts: [
          part("8(a)", 2, "How many girls are in the club?", ["25"], { guidance: "M1 for 40 ÷ 8 (= 5); A1 cao" }),
          part("8(b)", 2, "5 more boys join the club. Write the new ratio of boys to girls in its simplest form.", ["4 : 5"], {
            guidance: "M1 for 20 : 25; A1 for 4 : 5",
          }),
        ],
      },
      { question: 9, parts: [part("9", 2, "Work out 2/3 of 84", ["56"], { guidance: "M1 for 84 ÷ 3 (= 28); A1 cao" })] },
      {
        question: 10,
        parts: [
          part("10(a)", 2, "Write 360 as a product of its prime factors.", ["2³ × 3² × 5"], { guidance: "M1 for a complete factor tree or repeated division; A1 for 2 × 2 × 2 × 3 × 3 × 5 oe" }),
          part("10(b)", 2, "Find the highest common factor (HCF) of 360 and 84", ["12"], { guidance: "M1 for 84 = 2 × 2 × 3 × 7 or a list of factors of both; A1 cao" }),
        ],
      },
      {
        question: 11,
        parts: [
          part("11", 3, "A rectangle has a length of 12 cm and a width of 7 cm. A square has the same perimeter as the rectangle. Work out the area of the square.", ["90.25 cm²"], {
            unit: "cm²",
            guidance: "M1 for 2 × 12 + 2 × 7 (= 38); M1 for (38 ÷ 4)² or 9.5 × 9.5; A1 cao",
          }),
        ],
      },
      {
        question: 12,
        parts: [
          part("12(a)(i)", 1, "Write down the value of 5⁰", ["1"], { guidance: "B1 cao" }),
          part("12(a)(ii)", 1, "Work out the value of 3⁴", ["81"], { guidance: "B1 cao" }),
          part("12(b)", 1, "Write 4.6 × 10³ as an ordinary number.", ["4600"], { guidance: "B1 cao" }),
        ],
      },
    ],
  }],
};

const EDEXCEL_PHYSICS: CorpusPaper = {
  id: "edexcel-physics-1ph0-1h-2024",
  convention: "Edexcel",
  cover: {
    board: "Edexcel", subject: "Physics", level: "GCSE", tier: "Higher", series: "June", year: 2024, paperCode: "1PH0/1H",
    paperTitle: "Paper 1", totalMarks: 42, timeMinutes: 50, date: "2024-05-22", session: "Afternoon", printReference: "P75019A",
  },
  sections: [{
    name: null,
    questions: [
      {
        question: 1,
        stem: "This question is about energy.",
        parts: [
          part("1(a)", 1, "Which of these is a renewable energy resource? Put a cross (☒) in the box next to your answer.", ["D tidal"], {
            options: ["coal", "natural gas", "nuclear fuel", "tidal"],
          }),
          part("1(b)", 2, "A kettle transfers 180 000 J of energy to water in 60 s. Calculate the power of the kettle.", [
            "substitution: 180 000 ÷ 60 (1)",
            "3000 (W) (1)",
          ], { unit: "W" }),
          part("1(c)(i)", 1, "State the equation linking efficiency, useful energy transferred and total energy supplied.", [
            "efficiency = useful energy transferred ÷ total energy supplied",
          ], { lines: 2 }),
          part("1(c)(ii)", 2, "The kettle wastes 27 000 J of the 180 000 J supplied to it. Calculate the efficiency of the kettle.", [
            "useful energy = 153 000 J (1)",
            "0.85 or 85% (1)",
          ], { lines: 3 }),
          part("1(d)", 2, "Explain one way the energy wasted by the kettle could be reduced.", [
            "insulate the kettle / use a kettle with thicker walls (1)",
            "so less energy is transferred to the surroundings by heating (1)",
          ]),
        ],
      },
      {
        question: 2,
        stem: "A student investigates the motion of a trolley down a ramp.",
        parts: [
          part("2(a)", 1, "State what is meant by a vector quantity.", ["a quantity with both magnitude and direction"], { lines: 2 }),
          part("2(b)", 2, "The student measures the time for the trolley to travel 1.2 m down the ramp. The table shows the results.", [
            "(1.52 + 1.48 + 1.50) ÷ 3 (1)",
            "1.50 (s) (1)",
          ], {
            table: { header: ["Attempt", "Time in s"], rows: [["1", "1.52"], ["2", "1.48"], ["3", "1.50"]] },
            after: "Calculate the mean time.",
            unit: "s",
          }),
          part("2(c)", 2, "Calculate the average speed of the trolley.", ["1.2 ÷ 1.50 (1)", "0.80 (m/s) (1)"], { unit: "m/s" }),
          part("2(d)", 2, "The trolley starts from rest and reaches a velocity of 1.6 m/s at the bottom of the ramp. Calculate the acceleration of the trolley.", [
            "(1.6 − 0) ÷ 1.50 (1)",
            "1.1 (m/s²) (1)",
          ], { unit: "m/s²", guidance: "allow 1.07" }),
          part("2(e)", 1, "Suggest one way the student could improve the accuracy of the timing.", ["use light gates (connected to a data logger)"], { lines: 2 }),
        ],
      },
      {
        question: 3,
        stem: "This question is about radioactivity.",
        parts: [
          part("3(a)", 1, "Which of these is the most ionising? Put a cross (☒) in the box next to your answer.", ["A alpha particle"], {
            options: ["alpha particle", "beta particle", "gamma ray", "neutron"],
          }),
          part("3(b)", 2, "Describe the structure of an alpha particle.", ["two protons (1)", "and two neutrons (1)"], { guidance: "allow a helium nucleus for 2 marks", lines: 3 }),
          part("3(c)", 2, "A radioactive source has a half-life of 6 hours. Its activity is 800 Bq. Calculate its activity after 18 hours.", [
            "18 ÷ 6 = 3 half-lives (1)",
            "100 (Bq) (1)",
          ], { unit: "Bq", breakBefore: true }),
          part("3(d)(i)", 1, "State what is meant by irradiation.", ["exposing an object to nuclear radiation (without the object becoming radioactive)"], { lines: 2 }),
          part("3(d)(ii)", 3, "Explain why a source of alpha particles is more dangerous inside the body than outside the body.", [
            "outside the body, alpha particles are stopped by the skin or by air (1)",
            "inside the body, alpha particles are absorbed by nearby cells (1)",
            "alpha particles are highly ionising so they damage the cells or DNA (1)",
          ]),
        ],
      },
      {
        question: 4,
        stem: "A student investigates how the current in a filament lamp changes with the potential difference across it.",
        parts: [
          part("4(a)", 4, "Describe how the student could obtain a set of readings of current and potential difference for the lamp.", [
            "connect an ammeter in series with the lamp (1)",
            "connect a voltmeter in parallel with the lamp (1)",
            "change the potential difference using a variable resistor (1)",
            "record the current for a range of potential differences (1)",
          ]),
          part("4(b)", 2, "When the potential difference across the lamp is 6.0 V the current is 0.25 A. Calculate the resistance of the lamp.", [
            "6.0 ÷ 0.25 (1)",
            "24 (Ω) (1)",
          ], { unit: "Ω" }),
          part("4(c)", 2, "Explain why the resistance of the lamp increases as the current increases.", [
            "the temperature of the filament increases (1)",
            "the ions vibrate more, so electrons collide with them more often (1)",
          ]),
          part("4(d)", 3, "Calculate the energy transferred by the lamp in 2 minutes when the potential difference is 6.0 V and the current is 0.25 A.", [
            "t = 120 s (1)",
            "E = 0.25 × 6.0 × 120 (1)",
            "180 (J) (1)",
          ], { unit: "J" }),
        ],
      },
      {
        question: 5,
        parts: [
          part("5", 6, "Explain how the National Grid is designed to transmit electrical energy efficiently from power stations to consumers.", [
            "Level 3 (5–6 marks): a detailed explanation linking transformers, current and energy losses",
            "Level 2 (3–4 marks): an explanation with some links",
            "Level 1 (1–2 marks): isolated points about the National Grid",
            "indicative content: step-up transformers increase the potential difference to a very high value; so the current in the cables is small; a small current means less heating of the cables, so less energy is wasted; step-down transformers reduce the potential difference to a safe value for consumers",
          ], { lines: 12 }),
        ],
      },
    ],
  }],
};

const OCR_COMPUTING: CorpusPaper = {
  id: "ocr-computer-science-j277-01-2024",
  convention: "OCR",
  cover: {
    board: "OCR", subject: "Computer Science", level: "GCSE", tier: null, series: "June", year: 2024, paperCode: "J277/01",
    paperTitle: "Computer systems", totalMarks: 48, timeMinutes: 60, date: "2024-05-20", session: "Afternoon", printReference: "DC (ST/SG) 338412/2",
  },
  sections: [{
    name: null,
    questions: [
      {
        question: 1,
        stem: "A computer has a central processing unit (CPU).",
        parts: [
          part("1(a)", 2, "Describe the purpose of the program counter (PC).", [
            "it holds the address of the next instruction to be fetched (1)",
            "it is incremented during each fetch-execute cycle (1)",
          ], { ao: "AO1 1b" }),
          part("1(b)", 2, "Identify two factors that can affect the performance of the CPU.", [
            "any two from: clock speed; number of cores; cache size",
          ], { ao: "AO1 1a" }),
          part("1(c)", 3, "Tick (✓) one box in each row to show whether each statement describes RAM or ROM.", [
            "RAM (1)",
            "ROM (1)",
            "RAM (1)",
          ], {
            table: {
              header: ["Statement", "RAM", "ROM"],
              rows: [["It is volatile", "", ""], ["It stores the start-up instructions", "", ""], ["Its contents are changed by running programs", "", ""]],
            },
            lines: 0,
          }),
          part("1(d)", 2, "Explain why a computer might need virtual memory.", [
            "when the RAM is full (1)",
            "part of secondary storage is used as if it were RAM so that more programs can stay open (1)",
          ]),
        ],
      },
      {
        question: 2,
        stem: "A photographer stores images on a computer.",
        parts: [
          part(
            "2(a)",
            3,
            "An image is 2000 pixels wide and 1000 pixels high. Each pixel has a colour depth of 24 bits. Calculate the file size of the image in megabytes. Show your working.",
            ["2000 × 1000 × 24 = 48 000 000 bits (1)", "÷ 8 = 6 000 000 bytes (1)", "÷ 1 000 000 = 6 MB (1)"],
            { guidance: "allow 5.72 MB using 1024", ao: "AO2 1b", lines: 5 },
          ),
          part("2(b)", 2, "Give two examples of metadata stored with an image.", [
            "any two from: width; height; colour depth; resolution; date taken; file type",
          ], { lines: 4 }),
          part("2(c)", 4, "The photographer compresses images before emailing them. Compare lossy and lossless compression.", [
            "lossy compression permanently removes data (1)",
            "so it gives a smaller file but a lower quality image (1)",
            "lossless compression loses no data and the original can be restored (1)",
            "so the file is usually larger than with lossy compression (1)",
          ]),
          part("2(d)", 3, "Identify the most suitable type of secondary storage for the photographer to back up the images. Justify your choice.", [
            "magnetic (an external hard disk drive) (1)",
            "high capacity for many large images (1)",
            "low cost per gigabyte (1)",
          ], { lines: 6 }),
        ],
      },
      {
        question: 3,
        stem: "Computers store data in binary.",
        parts: [
          part("3(a)(i)", 1, "Convert the denary number 77 into 8-bit binary.", ["01001101"], { lines: 1 }),
          part("3(a)(ii)", 2, "Convert the hexadecimal number 3F into denary. Show your working.", ["3 × 16 = 48 (1)", "48 + 15 = 63 (1)"], { lines: 3 }),
          part("3(b)", 2, "Perform a binary left shift of 2 places on 00010110. Give the result and state the effect of the shift.", [
            "01011000 (1)",
            "the number is multiplied by 4 (1)",
          ], { lines: 3 }),
          part("3(c)", 2, "Add the 8-bit binary numbers 01101010 and 00111001. Show your working.", ["10100011 (2)"], {
            breakBefore: true,
            guidance: "1 mark for correct carries if the answer is wrong",
            lines: 4,
          }),
          part("3(d)", 2, "Explain what is meant by an overflow error.", [
            "the result of a calculation is too large for the number of bits available (1)",
            "so the extra bit is lost and the result is wrong (1)",
          ]),
        ],
      },
      {
        question: 4,
        stem: "A school has a local area network (LAN).",
        parts: [
          part("4(a)", 2, "State two pieces of hardware needed to connect devices to the LAN.", [
            "any two from: network interface card; switch; router; wireless access point; cables",
          ], { lines: 4 }),
          part("4(b)", 2, "Describe the star network topology.", [
            "each device is connected to a central switch (1)",
            "data is sent through the switch to its destination only (1)",
          ]),
          part("4(c)", 4, "Explain one advantage and one disadvantage of using a wired connection rather than a wireless connection.", [
            "advantage: faster data transfer (1) because there is less interference (1)",
            "disadvantage: devices cannot move around freely (1) because they are attached by cables (1)",
          ]),
          part("4(d)", 2, "Describe how a firewall helps to protect the school's network.", [
            "it monitors incoming and outgoing traffic (1)",
            "and blocks traffic that does not meet its rules (1)",
          ]),
        ],
      },
      {
        question: 5,
        parts: [
          part("5", 8, "A company replaces all of its staff's computers every year. Discuss the ethical, legal and environmental issues of this policy.", [
            "Level 3 (6–8 marks): a thorough discussion of ethical, legal and environmental issues",
            "Level 2 (3–5 marks): a discussion of some issues",
            "Level 1 (1–2 marks): basic points",
            "indicative content: waste and e-waste in landfill; energy and raw materials used to make new computers; data must be wiped to comply with the Data Protection Act; old computers could be donated or recycled; staff have up-to-date tools",
          ], { ao: "AO2 1a/1b", lines: 16 }),
        ],
      },
    ],
  }],
};

const OCR_CHEMISTRY: CorpusPaper = {
  id: "ocr-chemistry-j248-01-2023",
  convention: "OCR",
  cover: {
    board: "OCR", subject: "Chemistry", level: "GCSE", tier: "Foundation", series: "June", year: 2023, paperCode: "J248/01",
    paperTitle: "Chemistry A (Gateway Science) Paper 1", totalMarks: 29, timeMinutes: 45, date: "2023-05-23", session: "Morning",
    printReference: "DC (PQ/CB) 319920/3",
  },
  sections: [
    {
      name: "Section A",
      instruction: "You should spend a maximum of 15 minutes on this section.",
      questions: [
        { question: 1, parts: [part("1", 1, "Which element is a halogen?", ["B"], { options: ["Argon", "Bromine", "Calcium", "Sodium"] })] },
        { question: 2, parts: [part("2", 1, "How many electrons are in the outer shell of a sodium atom?", ["A"], { options: ["1", "2", "7", "11"] })] },
        {
          question: 3,
          parts: [part("3", 1, "Which method separates a mixture of liquids with different boiling points?", ["D"], {
            options: ["Chromatography", "Crystallisation", "Filtration", "Fractional distillation"],
          })],
        },
        { question: 4, parts: [part("4", 1, "What is the pH of a neutral solution?", ["C"], { options: ["1", "5", "7", "14"] })] },
        { question: 5, parts: [part("5", 1, "Which gas turns limewater milky?", ["A"], { options: ["Carbon dioxide", "Chlorine", "Hydrogen", "Oxygen"] })] },
        {
          question: 6,
          parts: [part("6", 1, "What is the relative formula mass of water? Relative atomic masses: H = 1 and O = 16.", ["B"], { options: ["17", "18", "33", "34"] })],
        },
      ],
    },
    {
      name: "Section B",
      questions: [
        {
          question: 7,
          stem: "This question is about atoms and the periodic table.",
          parts: [
            part("7(a)", 2, "Complete the table to show the relative charge of each particle.", ["+1; 0; −1"], {
              table: { header: ["Particle", "Relative charge"], rows: [["Proton", ""], ["Neutron", ""], ["Electron", ""]] },
              guidance: "all three correct for 2 marks; two correct for 1 mark",
              lines: 0,
            }),
            part("7(b)", 1, "An atom of fluorine has an atomic number of 9 and a mass number of 19. How many neutrons does it have?", ["10"], { lines: 1 }),
            part("7(c)", 2, "Explain why elements in the same group of the periodic table have similar chemical properties.", [
              "they have the same number of electrons (1)",
              "in their outer shell (1)",
            ]),
            part("7(d)", 2, "Describe how Mendeleev arranged the elements in his periodic table.", [
              "in order of atomic weight (1)",
              "with elements of similar properties in groups, leaving gaps for undiscovered elements (1)",
            ]),
          ],
        },
        {
          question: 8,
          stem: "A student makes crystals of copper sulfate from copper oxide and dilute sulfuric acid.",
          parts: [
            part("8(a)", 6, "Describe how the student could make pure, dry crystals of copper sulfate.", [
              "Level 3 (5–6 marks): a clear, ordered method that would give pure, dry crystals",
              "Level 2 (3–4 marks): a method with some steps missing",
              "Level 1 (1–2 marks): some relevant steps",
              "indicative content: warm the acid; add copper oxide until it is in excess; filter to remove the excess copper oxide; heat the filtrate to evaporate some water; leave to cool and crystallise; dry the crystals between filter paper",
            ], { lines: 12 }),
            part("8(b)", 1, "Name the type of reaction between copper oxide and sulfuric acid.", ["neutralisation"], { breakBefore: true, lines: 1 }),
            part("8(c)", 2, "The student made 3.2 g of copper sulfate. The theoretical yield was 4.0 g. Calculate the percentage yield.", [
              "3.2 ÷ 4.0 × 100 (1)",
              "80 (%) (1)",
            ], { lines: 3 }),
            part("8(d)", 1, "Suggest one reason why the percentage yield was less than 100%.", [
              "any one from: some solution was lost when filtering or transferring; not all of the copper sulfate crystallised",
            ], { lines: 2 }),
          ],
        },
        {
          question: 9,
          stem: "This question is about rates of reaction.",
          parts: [
            part("9(a)", 2, "A student reacts marble chips with hydrochloric acid and measures the volume of gas made.", ["40 ÷ 60 (1)", "0.67 cm³/s (1)"], {
              table: { header: ["Time in s", "Volume of gas in cm³"], rows: [["0", "0"], ["30", "24"], ["60", "40"], ["90", "48"], ["120", "50"], ["150", "50"]] },
              after: "Calculate the mean rate of reaction in the first 60 s.",
              lines: 3,
            }),
            part("9(b)", 1, "State why the volume of gas stops increasing after 120 s.", ["one of the reactants has been used up"], { lines: 1 }),
            part("9(c)", 3, "Explain, in terms of particles, why using powdered marble increases the rate of reaction.", [
              "powder has a larger surface area (1)",
              "so more particles are exposed to the acid (1)",
              "so collisions are more frequent (1)",
            ]),
          ],
        },
      ],
    },
  ],
};

/** The paper the corpus also holds as an image-only scan (html.ts prints it; print.ts scans the print). */
const AQA_CHEMISTRY_SCANNED: CorpusPaper = {
  id: "aqa-chemistry-8462-1h-2024",
  convention: "AQA",
  scanned: true,
  cover: {
    board: "AQA", subject: "Chemistry", level: "GCSE", tier: "Higher", series: "June", year: 2024, paperCode: "8462/1H",
    paperTitle: "Paper 1H", totalMarks: 22, timeMinutes: 25, date: "2024-05-17", session: "Morning", printReference: "IB/M/Jun24/E3",
  },
  sections: [{
    name: null,
    questions: [
      {
        question: 1,
        stem: "This question is about the structure of atoms.",
        parts: [
          part("01.1", 1, "Which particle has a negative charge? Tick (✓) one box.", ["Electron"], { options: ["Electron", "Neutron", "Nucleus", "Proton"] }),
          part("01.2", 3, "Describe how the plum pudding model of the atom is different from the nuclear model of the atom.", [
            "plum pudding: a ball of positive charge with electrons embedded in it (1)",
            "nuclear model: the mass is concentrated in a small positive nucleus (1)",
            "nuclear model: the electrons orbit the nucleus in shells (1)",
          ]),
          part(
            "01.3",
            1,
            "The radius of an atom is about 1 × 10⁻¹⁰ m. The radius of its nucleus is about 1 × 10⁻¹⁴ m. How many times greater is the radius of the atom than the radius of the nucleus?",
            ["10 000"],
            { lines: 2 },
          ),
        ],
      },
      {
        question: 2,
        stem: "Sodium reacts with chlorine to produce sodium chloride.",
        parts: [
          part("02.1", 1, "Balance the equation for the reaction. …… Na + Cl2 → …… NaCl", ["2Na + Cl2 → 2NaCl"], { lines: 0 }),
          part("02.2", 4, "Describe what happens when a sodium atom reacts with a chlorine atom. Answer in terms of electrons.", [
            "the sodium atom loses one electron (1)",
            "the chlorine atom gains one electron (1)",
            "forming Na+ and Cl− ions (1)",
            "both ions have a full outer shell (1)",
          ]),
          part("02.3", 3, "Explain why sodium chloride has a high melting point.", [
            "it has a giant ionic lattice (1)",
            "with strong electrostatic forces between oppositely charged ions (1)",
            "which need a lot of energy to overcome (1)",
          ], { breakBefore: true }),
        ],
      },
      {
        question: 3,
        stem: "A student added different metals to copper sulfate solution and measured the temperature change.",
        parts: [
          part("03.1", 2, "The table shows the results.", ["magnesium, zinc, iron, copper"], {
            guidance: "all correct for 2 marks; one pair reversed for 1 mark",
            table: { header: ["Metal", "Temperature change in °C"], rows: [["Iron", "5.5"], ["Magnesium", "18.0"], ["Zinc", "9.0"], ["Copper", "0.0"]] },
            after: "Use the results to put the metals in order of reactivity, most reactive first.",
            lines: 2,
          }),
          part("03.2", 2, "Explain why there was no temperature change with copper.", [
            "copper is not more reactive than the copper in the solution (1)",
            "so no displacement reaction takes place (1)",
          ]),
          part("03.3", 1, "Give one reason why the student used a polystyrene cup.", ["it is an insulator, so less energy is transferred to the surroundings"], { lines: 2 }),
        ],
      },
      {
        question: 4,
        stem: "Molten lead bromide is electrolysed to produce lead and bromine.",
        parts: [
          part("04.1", 1, "Why must the lead bromide be molten?", ["so that the ions are free to move"], { lines: 2 }),
          part("04.2", 1, "Write a half equation for the reaction at the negative electrode.", ["Pb2+ + 2e− → Pb"], { lines: 2 }),
          part("04.3", 2, "Explain why the electrolysis should be done in a fume cupboard.", [
            "bromine is toxic (1)",
            "and its vapour would be breathed in (1)",
          ]),
        ],
      },
    ],
  }],
};

/** The six text papers, two per convention, then the scanned one. */
export const CORPUS: CorpusPaper[] = [AQA_BIOLOGY, AQA_PHYSICS, EDEXCEL_MATHS, EDEXCEL_PHYSICS, OCR_COMPUTING, OCR_CHEMISTRY, AQA_CHEMISTRY_SCANNED];
