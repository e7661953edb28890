// The Open Graph share image of a subject or paper page: what its card says. The pages build one
// from the catalogue and api/share/image.ts draws it.

/** The most facts a card shows; more would not fit on one row at a legible size. */
export const SHARE_CARD_MAX_FACTS = 4;

export interface ShareCard {
  /** The small line above the title, e.g. "AQA · GCSE · 8461/1". */
  eyebrow: string;
  /** e.g. "Biology Paper 1"; long titles wrap to three lines, then end in an ellipsis. */
  title: string;
  /** e.g. "Foundation and Higher · 1 h 45 min · 100 marks". */
  subtitle?: string;
  /** Short facts shown as chips, e.g. topics or "3 papers"; only the first SHARE_CARD_MAX_FACTS. */
  facts?: string[];
}

/** The size social networks ask for (Open Graph's 1.91:1). */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
