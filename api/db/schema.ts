// The database schema: the single source of truth for tables (migrations are generated from it).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

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
    createdAt: createdAt(),
  },
  (t) => [
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
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

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

export const papers = sqliteTable(
  "papers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    examBoard: text("exam_board").notNull(),
    /** May be empty: an empty level matches any level (admin-tools.md). */
    level: text("level").notNull().default(""),
    examDate: text("exam_date"),
    description: text("description"),
    subjectCode: text("subject_code"),
    sectionCount: integer("section_count").notNull().default(1),
    /** The paper's blueprint as JSON text (admin-tools.md §3 Paper structure). */
    questionStructure: text("question_structure").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("papers_identity_unique").on(t.subject, t.examBoard, t.level, t.name)],
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
    createdAt: createdAt(),
  },
  (t) => [index("generated_papers_user_idx").on(t.userId, t.createdAt)],
);
