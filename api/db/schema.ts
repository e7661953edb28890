// The database schema: the single source of truth for tables (migrations are generated from it).
import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Unique case-insensitively (see the index on lower(username)). */
    username: text("username").notNull(),
    fullName: text("full_name").notNull(),
    /** Stored normalised: trimmed and lower-case. */
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    googleId: text("google_id"),
    role: text("role").notNull().default("user"),
    credits: integer("credits").notNull().default(0),
    subscriptionStatus: text("subscription_status").notNull().default("pay-as-you-go"),
    /** Notification preferences (shared/schemas.ts notificationPrefsSchema) as JSON. */
    notifications: text("notifications").notNull().default("{}"),
    /** This user's own referral code, shared with friends. */
    referralCode: text("referral_code"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_referral_code_unique").on(t.referralCode),
    uniqueIndex("users_username_lower_unique").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_google_id_unique").on(t.googleId),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the session token, hex: the token itself is never stored. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The idle expiry, pushed forward when the session is used; never past created_at + 90 days. */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** When Google signed this session in (null for a password sign-in): a recent one stands in for the password of an account without one. */
    googleSignedInAt: integer("google_signed_in_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * An e-mail change waiting for its confirmation link to be opened (one per account; a new request
 * replaces it). users.email changes only then, so Google sign-in, which links by e-mail, never links
 * an address nobody has confirmed. The link's token is stored only as its SHA-256.
 */
export const emailChanges = sqliteTable("email_changes", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Normalised, like users.email. */
  newEmail: text("new_email").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  createdAt: createdAt(),
});

export const subjects = sqliteTable("subjects", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});

export const examBoards = sqliteTable("exam_boards", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  available: integer("available", { mode: "boolean" }).notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});

export const levels = sqliteTable("levels", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/**
 * Which exam boards offer a subject at a level (admin-tools.md §2: boards depend on subject and level,
 * levels on subject): stored, not guessed from the papers. The admin's columns read it; a paper's
 * subject, board and level always have their offering (created with the paper when missing).
 */
export const offerings = sqliteTable(
  "offerings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subjectId: integer("subject_id").notNull().references(() => subjects.id, { onDelete: "cascade" }),
    examBoardId: integer("exam_board_id").notNull().references(() => examBoards.id, { onDelete: "cascade" }),
    levelId: integer("level_id").notNull().references(() => levels.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("offerings_unique").on(t.subjectId, t.examBoardId, t.levelId)],
);

/** An admin's default settings (admin-tools.md §3 Default settings form), JSON (shared/catalogue.ts adminDefaultsSchema). */
export const adminDefaults = sqliteTable("admin_defaults", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  value: text("value").notNull(),
  updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
});

export const papers = sqliteTable(
  "papers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    examBoard: text("exam_board").notNull(),
    /** May be empty: an empty level matches any level (admin-tools.md). */
    level: text("level").notNull().default(""),
    description: text("description"),
    subjectCode: text("subject_code"),
    sectionCount: integer("section_count").notNull().default(1),
    /** The paper structure the admin tools show and edit (admin-tools.md §3 Paper structure), JSON text. */
    questionStructure: text("question_structure").notNull().default(""),
    /**
     * The paper engine's blueprint (shared/papers.ts), JSON text, or null for a paper that cannot be
     * generated yet. Kept apart from questionStructure so the catalogue list stays small: the
     * blueprint's topic list and slot pools are tens of KB a paper and only the engine reads them.
     */
    blueprint: text("blueprint"),
    /**
     * Why the paper cannot be generated yet, or null when it can (api/structure/blueprint.ts). With a
     * blueprint, the reason is the question bank's shortfall, which a configured model overcomes (it
     * writes every slot); without one, the paper lacks a structure or study topics.
     */
    generationNote: text("generation_note"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("papers_identity_unique").on(t.subject, t.examBoard, t.level, t.name)],
);

/** A catalogue paper's study topics (admin-tools.md §3 Study topic), edited by admins; they become the blueprint's topic pools. */
export const paperTopics = sqliteTable(
  "paper_topics",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    paperId: integer("paper_id").notNull().references(() => papers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("paper_topics_paper_idx").on(t.paperId, t.sortOrder)],
);

/**
 * A paper's exam dates, one per series ("Summer 2027"), each with where it comes from (the board's
 * timetable, or the admin who entered it). The catalogue's examDate is derived from these: the next
 * date that has not passed.
 */
export const examDates = sqliteTable(
  "exam_dates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    paperId: integer("paper_id").notNull().references(() => papers.id, { onDelete: "cascade" }),
    series: text("series").notNull(),
    /** YYYY-MM-DD. */
    date: text("date").notNull(),
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("exam_dates_paper_series_idx").on(t.paperId, t.series)],
);

export const generatedPapers = sqliteTable(
  "generated_papers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    examBoard: text("exam_board").notNull(),
    level: text("level").notNull(),
    isPredicted: integer("is_predicted", { mode: "boolean" }).notNull().default(false),
    /** The catalogue paper it was built from (null once that paper is deleted). */
    paperId: integer("paper_id").references(() => papers.id, { onDelete: "set null" }),
    tier: text("tier"),
    /** The generation options as sent (shared/generation.ts), JSON. */
    options: text("options").notNull().default("{}"),
    /** The built paper (api/papers/document.ts PaperDocument), JSON: the PDF and the viewer are rendered from it. */
    document: text("document").notNull().default("{}"),
    createdAt: createdAt(),
  },
  (t) => [index("generated_papers_user_idx").on(t.userId, t.createdAt)],
);

/**
 * The question bank. Origin 'past' only for questions taken from a real past-paper document, with
 * their source (paper code, series, year, question number); 'practice' for questions written for
 * ExamPrep. Parts are JSON (shared/papers.ts partSchema).
 */
export const questions = sqliteTable(
  "questions",
  {
    id: text("id").primaryKey(),
    paperId: integer("paper_id")
      .notNull()
      .references(() => papers.id, { onDelete: "cascade" }),
    examBoard: text("exam_board").notNull(),
    subject: text("subject").notNull(),
    level: text("level").notNull(),
    /** Foundation | Higher | Both */
    tier: text("tier").notNull().default("Both"),
    topic: text("topic").notNull(),
    style: text("style"),
    type: text("type").notNull(),
    marks: integer("marks").notNull(),
    stem: text("stem"),
    /** The figure printed after the stem (shared/figures/schema.ts), as JSON. */
    stemFigure: text("stem_figure"),
    parts: text("parts").notNull(),
    /** Other specifications whose papers may use it (shared/papers.ts bankQuestionSchema.alsoFor), JSON array, or null. */
    alsoFor: text("also_for"),
    /** past | practice */
    origin: text("origin").notNull(),
    attribution: text("attribution").notNull(),
    paperCode: text("paper_code"),
    /** e.g. "June 2023" (past questions). */
    series: text("series"),
    year: integer("year"),
    questionNumber: text("question_number"),
    createdAt: createdAt(),
  },
  (t) => [index("questions_paper_idx").on(t.paperId, t.origin)],
);

/** Which bank questions each generated paper used: a student is not given the same question twice while the bank allows. */
export const generatedPaperQuestions = sqliteTable(
  "generated_paper_questions",
  {
    generatedPaperId: integer("generated_paper_id")
      .notNull()
      .references(() => generatedPapers.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
  },
  (t) => [index("generated_paper_questions_paper_idx").on(t.generatedPaperId), index("generated_paper_questions_question_idx").on(t.questionId)],
);

/** Study recommendations (student-app.md §3 Recommendation), from the model or the offline planner. */
export const studyRecommendations = sqliteTable(
  "study_recommendations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    category: text("category").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    priority: text("priority").notNull(),
    /** Minutes. */
    estimatedTime: integer("estimated_time").notNull(),
    /** JSON list of { title, description, type }. */
    resources: text("resources").notNull().default("[]"),
    /** JSON list of strings. */
    successMetrics: text("success_metrics").notNull().default("[]"),
    /** ai | planner */
    source: text("source").notNull(),
    /** The preferences they were made for, JSON. */
    preferences: text("preferences").notNull().default("{}"),
    completedAt: text("completed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("study_recommendations_user_idx").on(t.userId, t.subject)],
);

/** Logged study activity (POST /api/study/progress). */
export const studyProgress = sqliteTable(
  "study_progress",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject"),
    recommendationId: integer("recommendation_id").references(() => studyRecommendations.id, { onDelete: "set null" }),
    activityId: text("activity_id"),
    status: text("status").notNull(),
    /** Minutes. */
    timeSpent: integer("time_spent").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("study_progress_user_idx").on(t.userId, t.createdAt)],
);

export const feedback = sqliteTable("feedback", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  subject: text("subject").notNull(),
  description: text("description").notNull(),
  email: text("email").notNull(),
  createdAt: createdAt(),
});

/** Every e-mail the app sends: kept here, and sent through the mail service when one is configured. */
export const mailOutbox = sqliteTable("mail_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  /** outbox (no mail service configured) | sent | failed */
  status: text("status").notNull(),
  error: text("error"),
  createdAt: createdAt(),
  sentAt: text("sent_at"),
});

/** System settings (admin-tools.md §3 Setting): feedback_email, the mail-service key. */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: createdAt(),
});

/**
 * The credit ledger: every change of a balance is one row, written in the same database transaction
 * as the balance, so users.credits always equals the sum of creditsAdded - creditsDeducted.
 */
export const transactions = sqliteTable(
  "transactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** purchase | admin_grant | gift_sent | gift_received | referral_bonus | paper_generation | refund | debug_deduction (an admin's deduction test) */
    transactionType: text("transaction_type").notNull(),
    creditsAdded: integer("credits_added").notNull().default(0),
    creditsDeducted: integer("credits_deducted").notNull().default(0),
    /** Money paid, in pence (0 for anything free). */
    amountPence: integer("amount_pence").notNull().default(0),
    status: text("status").notNull().default("completed"),
    description: text("description").notNull().default(""),
    /** What the row is about: a checkout id, a generated paper id, the other user of a gift. */
    reference: text("reference"),
    createdAt: createdAt(),
  },
  (t) => [index("transactions_user_idx").on(t.userId, t.createdAt)],
);

export const discountCodes = sqliteTable("discount_codes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Stored upper-case; matched case-insensitively. */
  code: text("code").notNull().unique(),
  discountPercentage: integer("discount_percentage").notNull(),
  /** A fixed amount off in pence, taken after the percentages (optional). */
  amountOffPence: integer("amount_off_pence"),
  maxUses: integer("max_uses").notNull(),
  usesCount: integer("uses_count").notNull().default(0),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  expiresAt: text("expires_at"),
  description: text("description"),
  /**
   * The most credits one use gives when the code makes the purchase free (a 100% code, or a fixed
   * amount that brings the price to zero): a larger free request is given this many.
   */
  freeCreditCap: integer("free_credit_cap").notNull().default(5),
  createdAt: createdAt(),
});

/** A purchase of credits from its start to its end, whatever the payment provider. */
export const checkouts = sqliteTable(
  "checkouts",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    amountPence: integer("amount_pence").notNull(),
    /** ISO currency of amountPence, lower-case as Stripe writes it: the webhook's session must match. */
    currency: text("currency").notNull().default("gbp"),
    discountCodeId: integer("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    /** stripe | test | free */
    provider: text("provider").notNull(),
    providerSessionId: text("provider_session_id"),
    /**
     * pending | processing (Stripe has the payment, an asynchronous method such as Bacs has not
     * cleared yet) | completed | cancelled
     */
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
    completedAt: text("completed_at"),
  },
  (t) => [
    uniqueIndex("checkouts_provider_session_unique").on(t.providerSessionId),
    index("checkouts_user_idx").on(t.userId),
    // One use of a code per account: a second checkout of the same account with the same code cannot
    // be written while the first is started, waiting for its payment or completed.
    uniqueIndex("checkouts_one_code_use_per_account")
      .on(t.userId, t.discountCodeId)
      .where(sql`discount_code_id is not null and status in ('pending', 'processing', 'completed')`),
  ],
);

/** Payment-provider events already applied: each is applied exactly once. */
export const processedEvents = sqliteTable("processed_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** The checkout the event named, if any. */
  checkoutId: text("checkout_id"),
  /** What the event did: completed, waiting, released, duplicate-of-state, mismatch (see the webhook). */
  outcome: text("outcome"),
  receivedAt: createdAt(),
});

export const referrals = sqliteTable(
  "referrals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    referrerId: integer("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referredId: integer("referred_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** pending | completed */
    status: text("status").notNull().default("pending"),
    creditsAwarded: integer("credits_awarded").notNull().default(0),
    createdAt: createdAt(),
    completedAt: text("completed_at"),
  },
  (t) => [uniqueIndex("referrals_referred_unique").on(t.referredId), index("referrals_referrer_idx").on(t.referrerId)],
);

/**
 * A document of a catalogue paper (admin-tools.md §2 Document Management card): its facts here, its
 * bytes in document_contents, so listing a paper's documents never reads the PDFs. The server keeps no
 * files: the database is its only state (an edge host has nothing else).
 */
export const documents = sqliteTable(
  "documents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    paperId: integer("paper_id").notNull().references(() => papers.id, { onDelete: "cascade" }),
    /** shared/documents.ts DOCUMENT_TYPES: specification, pastPaper, markScheme, examinerReport, additionalResource. */
    type: text("type").notNull(),
    title: text("title").notNull(),
    /** The exam series' year; null for a specification (and an additional resource without one). */
    year: integer("year"),
    /** Foundation or Higher, for a tiered paper. */
    tier: text("tier"),
    /** Where it was fetched from (added by URL or imported); null for an upload. */
    sourceUrl: text("source_url"),
    size: integer("size").notNull(),
    contentType: text("content_type").notNull().default("application/pdf"),
    /** Hex SHA-256 of the bytes: the same PDF is attached to a paper once. */
    sha256: text("sha256").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("documents_paper_idx").on(t.paperId, t.type), uniqueIndex("documents_paper_sha256_unique").on(t.paperId, t.sha256)],
);

/**
 * A document's bytes in pieces of at most DOCUMENT_CHUNK_BYTES (api/documents/service.ts), in order
 * of `seq`, deleted with it. Pieces, not one blob: a libSQL server refuses a statement argument of
 * about 5 MB or more ('string or blob too big'), and a PDF may have 20 MB; pieces also let a PDF be
 * sent as it is read.
 */
export const documentContents = sqliteTable(
  "document_contents",
  {
    documentId: integer("document_id").notNull().references(() => documents.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    bytes: blob("bytes", { mode: "buffer" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.seq] })],
);

/** Admin changes to content (documents, and the catalogue: subjects, boards, levels, offerings, papers): who, what, when, before and after. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** What was done, as `entity.verb`: document.add, document.delete. */
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: integer("entity_id"),
    /** The record before and after the change, JSON (null when it did not exist). */
    before: text("before"),
    after: text("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/**
 * A student's flashcard deck for one catalogue paper (Smart Study Resources): the cards are the
 * student's own rows, built from the paper's topics and bank when the deck is made and topped up
 * when the bank grows. Deleting the paper deletes its decks (they are made from it).
 */
export const revisionDecks = sqliteTable(
  "revision_decks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    paperId: integer("paper_id")
      .notNull()
      .references(() => papers.id, { onDelete: "cascade" }),
    /** Foundation or Higher on a tiered paper (the cards fit it); null on an untiered one. */
    tier: text("tier"),
    newPerDay: integer("new_per_day").notNull(),
    /** YYYY-MM-DD: no card is scheduled beyond it. */
    examDate: text("exam_date"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("revision_decks_user_paper_idx").on(t.userId, t.paperId)],
);

/** A card of a deck with its FSRS memory state (ts-fsrs Card; dates as ISO strings). */
export const revisionCards = sqliteTable(
  "revision_cards",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    deckId: integer("deck_id")
      .notNull()
      .references(() => revisionDecks.id, { onDelete: "cascade" }),
    /** The deck builder's key (api/revision/deck.ts); null for a card the student wrote. */
    key: text("key"),
    topic: text("topic").notNull(),
    front: text("front").notNull(),
    back: text("back").notNull(),
    /** question | specification | equations | own */
    sourceKind: text("source_kind").notNull(),
    sourceLabel: text("source_label").notNull(),
    suspended: integer("suspended", { mode: "boolean" }).notNull().default(false),
    due: text("due").notNull(),
    stability: real("stability").notNull().default(0),
    difficulty: real("difficulty").notNull().default(0),
    elapsedDays: integer("elapsed_days").notNull().default(0),
    scheduledDays: integer("scheduled_days").notNull().default(0),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull().default(0),
    lapses: integer("lapses").notNull().default(0),
    /** ts-fsrs State: 0 New, 1 Learning, 2 Review, 3 Relearning. */
    state: integer("state").notNull().default(0),
    lastReview: text("last_review"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("revision_cards_key_idx").on(t.deckId, t.key), index("revision_cards_due_idx").on(t.deckId, t.due)],
);

/** Every review, by the id the page gave it, so a review sent twice (offline, then again) counts once. */
export const revisionReviews = sqliteTable(
  "revision_reviews",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cardId: integer("card_id")
      .notNull()
      .references(() => revisionCards.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    /** The card's state before the review (0 New: the review introduced a new card). */
    stateBefore: integer("state_before").notNull(),
    reviewedAt: text("reviewed_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("revision_reviews_user_idx").on(t.userId, t.reviewedAt)],
);

/**
 * Exam mode (issue 15): a generated paper sat on screen. The answers, flags, time per part and marks
 * are JSON keyed by part number ("01.2"): answers as shared/sittings.ts AnswerValue, marks as a list
 * of PartMark per part, oldest first (a re-mark keeps the mark it replaces). Open while
 * `submittedAt` is null; the deadline already includes any extra time.
 */
export const sittings = sqliteTable(
  "sittings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    generatedPaperId: integer("generated_paper_id")
      .notNull()
      .references(() => generatedPapers.id, { onDelete: "cascade" }),
    /** Percent of the paper's time added (0, 25 or 50). */
    extraTime: integer("extra_time").notNull().default(0),
    startedAt: text("started_at").notNull(),
    deadline: text("deadline").notNull(),
    submittedAt: text("submitted_at"),
    /** Submitted by the clock running out rather than by the student. */
    automatic: integer("automatic", { mode: "boolean" }).notNull().default(false),
    answers: text("answers").notNull().default("{}"),
    flags: text("flags").notNull().default("[]"),
    timeSpent: text("time_spent").notNull().default("{}"),
    marks: text("marks").notNull().default("{}"),
    createdAt: createdAt(),
  },
  (t) => [index("sittings_user_idx").on(t.userId, t.createdAt), index("sittings_paper_idx").on(t.generatedPaperId)],
);

/**
 * Marks per topic of each marked sitting, rewritten whenever a part of it is (re-)marked: the
 * history that mastery, the home page's progress and the study planner read.
 */
export const topicMarks = sqliteTable(
  "topic_marks",
  {
    sittingId: integer("sitting_id")
      .notNull()
      .references(() => sittings.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    topic: text("topic").notNull(),
    topicName: text("topic_name").notNull(),
    awarded: integer("awarded").notNull(),
    max: integer("max").notNull(),
    /** When the sitting was submitted: the order of the history. */
    markedAt: text("marked_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sittingId, t.topic] }), index("topic_marks_user_idx").on(t.userId, t.subject, t.markedAt)],
);

// --- Document AI diagnostics (issue 13: the AI Diagnostics tab) ------------------------------------

/**
 * The one Google service-account key the Document AI diagnostics use (id is always 1). The key file
 * is stored only sealed (AES-256-GCM under DOCUMENT_AI_SECRET, api/diagnostics/seal.ts); the
 * account's e-mail and project are kept readable, as the Credentials tab shows them.
 */
export const documentAiCredentials = sqliteTable("document_ai_credentials", {
  id: integer("id").primaryKey(),
  clientEmail: text("client_email").notNull(),
  projectId: text("project_id").notNull(),
  /** The whole key file, sealed: 'v1.' + base64url(iv) + '.' + base64url(ciphertext and tag). */
  sealedKey: text("sealed_key").notNull(),
  /** The processor the diagnostics use (projects/P/locations/L/processors/ID), set by Configure. */
  processorName: text("processor_name"),
  uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: createdAt(),
});
// --- Extraction testing dashboard (issue 13: /extraction-testing) -------------------------------------

/**
 * PDFs the testing dashboard works on: an admin's upload, a PDF a session fetched by URL, and a
 * paper recreated from extracted data. Not catalogue documents. `recreation` is the last recreation
 * result of this file (shared/extraction-testing.ts RecreationResult, JSON).
 */
export const extractionTestFiles = sqliteTable("extraction_test_files", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  fileName: text("file_name").notNull(),
  subject: text("subject").notNull().default(""),
  /** upload, url or recreation. */
  source: text("source").notNull(),
  sourceUrl: text("source_url"),
  size: integer("size").notNull(),
  recreation: text("recreation"),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** A test file's bytes in pieces of 1 MB, as document_contents (a libSQL server refuses ~5 MB arguments). */
export const extractionTestFileContents = sqliteTable(
  "extraction_test_file_contents",
  {
    fileId: integer("file_id").notNull().references(() => extractionTestFiles.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    bytes: blob("bytes", { mode: "buffer" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/**
 * A test session (admin-tools.md §3): its five phases' steps with their logs (JSON), and what the
 * phases found, kept for the next phase and the report: the cover and extraction (api/extraction
 * PaperExtraction), the validation and the final results (JSON). `runningPhase` is set while a
 * phase runs, so one phase runs at a time.
 */
export const extractionTestSessions = sqliteTable(
  "extraction_test_sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    testName: text("test_name").notNull(),
    fileName: text("file_name").notNull(),
    fileUrl: text("file_url").notNull(),
    subject: text("subject").notNull().default(""),
    fileId: integer("file_id").references(() => extractionTestFiles.id, { onDelete: "set null" }),
    status: text("status").notNull().default("idle"),
    runningPhase: text("running_phase"),
    startTime: text("start_time"),
    endTime: text("end_time"),
    pages: integer("pages"),
    steps: text("steps").notNull(),
    cover: text("cover"),
    extraction: text("extraction"),
    validation: text("validation"),
    finalResults: text("final_results"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("extraction_test_sessions_created_idx").on(t.createdAt)],
);

/** Every model call a session's phases made (§3 AI interaction): prompt, answer, tokens, latency, checks. */
export const extractionTestInteractions = sqliteTable(
  "extraction_test_interactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sessionId: integer("session_id").notNull().references(() => extractionTestSessions.id, { onDelete: "cascade" }),
    step: text("step").notNull(),
    model: text("model").notNull(),
    systemPrompt: text("system_prompt").notNull(),
    userPrompt: text("user_prompt").notNull(),
    content: text("content").notNull(),
    processingTime: integer("processing_time").notNull(),
    promptTokens: integer("prompt_tokens"),
    completionTokens: integer("completion_tokens"),
    totalTokens: integer("total_tokens"),
    /** shared/extraction-testing.ts AiInteraction validationResults (JSON). */
    validation: text("validation").notNull(),
    accepted: integer("accepted", { mode: "boolean" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("extraction_test_interactions_session_idx").on(t.sessionId, t.id)],
);

// --- Extraction into the bank (issue 13: "Into the bank, after review") ---------------------------

/**
 * A document's extraction (admin-tools.md §3 Extraction status per file, §4): kept per past paper or
 * examiner report, replaced when the admin extracts it again. `processed` in the API is a stored row.
 */
export const documentExtractions = sqliteTable("document_extractions", {
  documentId: integer("document_id").primaryKey().references(() => documents.id, { onDelete: "cascade" }),
  /** The extractor's PaperExtraction (api/extraction/extract.ts) with its matched mark scheme, JSON. */
  result: text("result").notNull(),
  /** The mark scheme document whose answers were matched, if one was found. */
  markSchemeId: integer("mark_scheme_id").references(() => documents.id, { onDelete: "set null" }),
  extractedBy: integer("extracted_by").references(() => users.id, { onDelete: "set null" }),
  extractedAt: createdAt(),
});

/**
 * The review list: one extracted question (a question number with its parts) of a past-paper
 * document, as the admin edits it before it goes into the bank. Published, it is one or more rows
 * of `questions` (origin 'past'), listed in `bankIds`; unpublished or deleted, those rows go.
 */
export const extractedQuestions = sqliteTable(
  "extracted_questions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    documentId: integer("document_id").notNull().references(() => documents.id, { onDelete: "cascade" }),
    /** The question number as printed, normalised ("02", "1", "3"). */
    number: text("number").notNull(),
    position: integer("position").notNull(),
    /** The page its number is printed on (1-based). */
    page: integer("page").notNull(),
    stem: text("stem"),
    /** Its parts (shared/extraction-review.ts ReviewPart), JSON. */
    parts: text("parts").notNull(),
    /** The offline suggestion (api/extraction/topic-match.ts) and the words it matched. */
    suggestedTopic: text("suggested_topic"),
    topicReason: text("topic_reason").notNull().default(""),
    /** The admin's choice (starts as the suggestion). */
    topic: text("topic"),
    /** pending | published | rejected */
    status: text("status").notNull().default("pending"),
    /** The bank rows it became while published, JSON array of questions.id. */
    bankIds: text("bank_ids").notNull().default("[]"),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [uniqueIndex("extracted_questions_document_number_idx").on(t.documentId, t.number)],
);
