// Business constants of the specification (student-app.md §9, admin-tools.md), one source each.
// The server and the site both import from here; nothing restates these values.

export const CREDIT_PRICE_PENCE = 499;
/** Bulk discounts, highest threshold first: a quantity gets the first rate it reaches. */
export const BULK_DISCOUNTS = [
  { minQuantity: 20, percent: 20 },
  { minQuantity: 10, percent: 10 },
  { minQuantity: 5, percent: 5 },
] as const;
export const CREDIT_PACKAGES = [5, 10, 20] as const;

export const OPERATION_COSTS = {
  past_questions: 1,
  predicted_questions: 1,
  view_revision_materials: 0,
} as const;

export const REFERRAL_CREDITS_EACH_SIDE = 1;
/** Referral bonuses one referrer may be paid in a calendar month (UTC), unless the referral_monthly_cap setting says otherwise. */
export const REFERRAL_MONTHLY_CAP_DEFAULT = 10;
/** The most credits one use of a code gives when it makes the purchase free, unless the code says otherwise. */
export const FREE_CREDIT_CAP_DEFAULT = 5;
/** Discounted checkouts one account may have started and not finished at once (each holds a code's use). */
export const DISCOUNT_HOLDS_PER_ACCOUNT = 3;
export const GIFT_MIN_CREDITS = 1;
export const GIFT_MESSAGE_MAX = 200;

/** Cache times in seconds (§9): lists 5 min; user and credits 1 min; generated papers 30 s. */
export const CACHE_SECONDS = { lists: 300, user: 60, credits: 60, generatedPapers: 30 } as const;
export const RETRY_DELAY_MS = 1000;

export const GENERATION_TIMEOUT_MS = 60_000;
export const GENERATION_STEPS = [
  { key: "preparing", label: "Preparing paper template", startsAtMs: 0 },
  { key: "generating", label: "Generating questions", startsAtMs: 2_000 },
  { key: "formatting", label: "Formatting content", startsAtMs: 7_000 },
  { key: "creating_pdf", label: "Creating PDF document", startsAtMs: 17_000 },
  { key: "finalizing", label: "Finalizing paper", startsAtMs: 32_000 },
] as const;

export const REDIRECT_DELAYS_MS = { freeCredits: 1500, paymentPage: 1000, successOrCancel: 100 } as const;
export const COPY_FEEDBACK_MS = 2000;
export const FEEDBACK_BANNER_MS = 5000;

export const MOBILE_BREAKPOINT_PX = 768;
export const TOAST = {
  limit: 1,
  durationMs: 5000,
  swipeThresholdPx: 50,
  swipeDirection: "right",
  hotkey: "F8",
  removeDelayMs: 1_000_000,
} as const;

/**
 * A new password: 8 to 128 characters (issue 11 raises the spec's 6 to 50; NIST SP 800-63B asks for at
 * least 8 and room for long passphrases). Sign-in still takes the spec's 6, for passwords chosen before.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const LOGIN_PASSWORD_MIN = 6;
export const USERNAME_MIN = 3;
/** Upper limits the spec leaves open: enough for any real name, short enough for the header and lists. */
export const USERNAME_MAX = 30;
export const FULL_NAME_MIN = 2;
export const FULL_NAME_MAX = 100;
/** The longest address SMTP can deliver to (RFC 5321: a 256-octet path less its angle brackets). */
export const EMAIL_MAX = 254;
/** Longest free texts the forms and the API take (issue 11: every free-text field has a maximum). */
export const FEEDBACK_DESCRIPTION_MAX = 5000;
/** Discount and referral codes: the admin form makes codes of 3 to 20 characters. */
export const CODE_MAX = 20;
/** A subject, exam board, level or paper name: longer than any in the catalogue. */
export const CATALOGUE_NAME_MAX = 120;
export const MINIMUM_AGE = 13;
export const LEGAL_LAST_UPDATED = "May 8, 2024";

export const GENERATION_SUBJECTS = ["Religious Studies", "Mathematics", "English Literature", "Science", "History"] as const;
export const LEVELS = ["GCSE", "A-Level"] as const;
export const GENERATION_EXAM_BOARDS = ["AQA", "Edexcel", "OCR", "WJEC"] as const;
export const PREDICTION_CONFIDENCE = ["conservative", "balanced", "speculative"] as const;
export const DIFFICULTY_LEVELS = ["easy", "medium", "hard"] as const;
export const DEFAULT_DIFFICULTY = "easy";
export const PAPER_TYPES = ["past", "predicted"] as const;
export const DEFAULT_PAPER_NAME = "Paper 1 - Christianity";
export const FALLBACK_PAPER_NAMES = [
  "Paper 1 - Christianity",
  "Paper 1 - Islam",
  "Paper 2",
  "Paper 3",
  "Component 1",
  "Component 2",
] as const;

export const FEEDBACK_SUBJECTS = [
  { value: "technical_issue", label: "Technical issue" },
  { value: "feature_request", label: "Feature request" },
  { value: "content_question", label: "Content question" },
  { value: "account_support", label: "Account support" },
  { value: "general_feedback", label: "General feedback" },
  { value: "other", label: "Other" },
] as const;

export const STUDY_TIME = { hoursMin: 0, hoursMax: 24, hoursDefault: 5, minuteSteps: [0, 15, 30, 45], minutesDefault: 0 } as const;
export const MARK_COMPLETE_MINUTES = 30;
export const STUDY_METHODS = [
  "Visual Learning",
  "Audio Learning",
  "Reading/Writing",
  "Kinesthetic Learning",
  "Practice Problems",
  "Group Study",
  "Flashcards",
  "Mind Maps",
] as const;
export const RECOMMENDATION_SUBJECTS = [
  "Mathematics",
  "English Literature",
  "Physics",
  "Chemistry",
  "Biology",
  "History",
  "Geography",
  "Religious Studies",
] as const;
export const GRADES = { gcse: ["9", "8", "7", "6", "5", "4", "3", "2", "1"], "a-level": ["A*", "A", "B", "C", "D", "E"] } as const;
export const PRIORITIES = ["high", "medium", "low"] as const;
export const RECOMMENDATION_CATEGORIES = ["concept_review", "practice_problems", "exam_technique", "time_management"] as const;

/** The 16 subjects of the home page grid, in the order shown. */
export const HOME_SUBJECTS = [
  "Art & Design",
  "Biology",
  "Business",
  "Chemistry",
  "Combined Science",
  "Computer Science",
  "English Language",
  "English Literature",
  "French",
  "Geography",
  "History",
  "Mathematics",
  "Physical Education",
  "Physics",
  "Religious Studies",
  "Spanish",
] as const;

export const EXAM_BOARDS = [
  { name: "AQA", available: true },
  { name: "Edexcel", available: false },
  { name: "OCR", available: false },
  { name: "WJEC/Eduqas", available: false },
  { name: "Cambridge International", available: false },
  { name: "IB", available: false },
] as const;

export interface SamplePaper {
  name: string;
  subject: string;
  examBoard: string;
  level: string;
  examDate: string;
  subjectCode: string;
  description: string;
}

/** The six AQA GCSE sample papers (§3): seeded into the catalogue, and the home page's fallback. */
export const SAMPLE_PAPERS: readonly SamplePaper[] = [
  {
    name: "Paper 2A - Thematic Studies",
    subject: "Religious Studies",
    examBoard: "AQA",
    level: "GCSE",
    examDate: "2025-05-21",
    subjectCode: "8062/2A",
    description: "Thematic studies: four of six themes, 1 h 45 min, 96 marks plus 3 for SPaG.",
  },
  {
    name: "Paper 1",
    subject: "Biology",
    examBoard: "AQA",
    level: "GCSE",
    examDate: "2025-05-23",
    subjectCode: "8461/1",
    description: "Cell biology; organisation; infection and response; bioenergetics. 1 h 45 min, 100 marks.",
  },
  {
    name: "Paper 1",
    subject: "Chemistry",
    examBoard: "AQA",
    level: "GCSE",
    examDate: "2025-05-29",
    subjectCode: "8462/1",
    description:
      "Atomic structure and the periodic table; bonding; quantitative chemistry; chemical changes; energy changes. 1 h 45 min, 100 marks.",
  },
  {
    name: "Paper 1",
    subject: "Physics",
    examBoard: "AQA",
    level: "GCSE",
    examDate: "2025-06-04",
    subjectCode: "8463/1",
    description: "Energy; electricity; particle model of matter; atomic structure. 1 h 45 min, 100 marks.",
  },
  {
    name: "Paper 1 (Non-Calculator)",
    subject: "Mathematics",
    examBoard: "AQA",
    level: "GCSE",
    examDate: "2025-05-22",
    subjectCode: "8300/1",
    description: "Non-calculator paper, 1 h 30 min, 80 marks.",
  },
  {
    name: "Paper 1 - Computational Thinking and Programming Skills",
    subject: "Computer Science",
    examBoard: "AQA",
    level: "GCSE",
    examDate: "2025-06-15",
    subjectCode: "8525/1",
    description: "Computational thinking and programming skills, 2 h, 90 marks.",
  },
];

export type Access = "public" | "signed-in" | "admin" | "guest-only";

/**
 * The origin a page prerendered at build time writes in its absolute addresses (canonical, share
 * image): the server replaces it with APP_ORIGIN as it serves the page, so one build serves any origin.
 */
export const PRERENDER_ORIGIN = "https://prerendered.examprep.invalid";

/** The route table (§2): every route with the access the server enforces before sending HTML. */
export const ROUTE_ACCESS: readonly { pattern: string; access: Access }[] = [
  { pattern: "/", access: "public" },
  { pattern: "/auth", access: "guest-only" },
  { pattern: "/pricing", access: "public" },
  { pattern: "/checkout-confirmation", access: "public" },
  { pattern: "/credits/success", access: "public" },
  { pattern: "/credits/cancel", access: "public" },
  { pattern: "/terms-of-service", access: "public" },
  { pattern: "/privacy-policy", access: "public" },
  { pattern: "/exam-generator", access: "signed-in" },
  { pattern: "/smart-extraction", access: "signed-in" },
  { pattern: "/study-recommendations", access: "signed-in" },
  { pattern: "/rs-paper2a/:paperId", access: "signed-in" },
  /** The viewer of any generated paper (its viewerUrl); /rs-paper2a/:paperId shows the same viewer. */
  { pattern: "/papers/:paperId", access: "signed-in" },
  { pattern: "/sittings/:sittingId", access: "signed-in" },
  { pattern: "/sittings/:sittingId/results", access: "signed-in" },
  { pattern: "/revision-materials", access: "signed-in" },
  { pattern: "/history", access: "signed-in" },
  { pattern: "/feedback", access: "signed-in" },
  { pattern: "/gift-credits", access: "signed-in" },
  { pattern: "/referrals", access: "signed-in" },
  /** The built-in test-mode payment page, used when Stripe is not configured. */
  { pattern: "/checkout/test/:checkoutId", access: "signed-in" },
  { pattern: "/extraction-testing", access: "admin" },
  // The route table lists /settings as admin-only, but admin-tools.md gives every user its Account and
  // Notifications tabs: every signed-in user reaches it, and only admins see the admin tabs.
  { pattern: "/settings", access: "signed-in" },
  { pattern: "/exam-papers", access: "admin" },
  { pattern: "/credit-system-test", access: "admin" },
  { pattern: "/credit-debug", access: "admin" },
];

/** Home-page buttons point at these paths; they lead to the generator with the mode preselected. */
export const GENERATOR_ALIASES: Record<string, "past" | "predicted"> = {
  "/question-generator": "past",
  "/enhanced-exam-generator": "predicted",
};

export interface NavItem {
  label: string;
  href: string;
  icon: string;
  adminOnly: boolean;
}

/** Sidebar items (§2 Layout), in the order shown; the four admin items are hidden from non-admins. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Home", href: "/", icon: "home", adminOnly: false },
  { label: "Exam Generator", href: "/exam-generator", icon: "file", adminOnly: false },
  { label: "Smart Study Resources", href: "/revision-materials", icon: "book", adminOnly: false },
  { label: "Study Recommendations", href: "/study-recommendations", icon: "target", adminOnly: false },
  { label: "My Progress", href: "/history", icon: "chart", adminOnly: false },
  { label: "Credits & Purchase History", href: "/pricing", icon: "card", adminOnly: false },
  { label: "Feedback", href: "/feedback", icon: "message", adminOnly: false },
  { label: "Exam Papers", href: "/exam-papers", icon: "folder", adminOnly: true },
  { label: "Credit System Test", href: "/credit-system-test", icon: "flask", adminOnly: true },
  { label: "Extraction Testing", href: "/extraction-testing", icon: "scan", adminOnly: true },
  { label: "Settings", href: "/settings", icon: "cog", adminOnly: true },
];
