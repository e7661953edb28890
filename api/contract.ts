// The /api contract: every route with its access rule, request schemas and body limit, in one list.
// It generates the OpenAPI 3.1 document served at GET /api/openapi.json, sets each route's body limit
// (bodyLimits() in createApp) and tells a wrong method from an unknown path (405 or 404). The
// route-table test (contract.test.ts) checks this list against createApp()'s real routes, so a route
// without an entry here fails it, and tries every entry's rule as four different callers.
//
// Adding a route: one entry in API_ROUTES, its path exactly as the route file writes it (after /api):
//   { method: "POST", path: "/api/things/:id", access: "owner", summary: "Renames a thing", body: thingSchema },
import { z } from "zod";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { PatternRouter } from "hono/router/pattern-router";
import {
  checkoutRequestSchema,
  deductionTestSchema,
  discountCodeEntrySchema,
  discountCodeSchema,
  feedbackSchema,
  giftSchema,
  loginSchema,
  newSubjectSchema,
  notificationPrefsSchema,
  paperSchema,
  passwordChangeSchema,
  profileSchema,
  publicUserSchema,
  referralApplySchema,
  referralCompleteSchema,
  registerSchema,
} from "../shared/schemas.ts";
import { emailConfirmQuery } from "./auth/routes.ts";
import { adminDefaultsSchema, auditQuerySchema, examDatesSchema, offeringSchema, paperDetailsSchema, paperPatchBodySchema } from "../shared/catalogue.ts";
import { progressSchema, recommendationRequestSchema, subjectSchema } from "../shared/study.ts";
import { cardEditSchema, deckRequestSchema, deckSettingsSchema, ownCardSchema, quizAnswersSchema, reviewBatchSchema } from "../shared/revision.ts";
import { generationRequestSchema } from "../shared/generation.ts";
import { remarkSchema, saveAnswersSchema, selfMarkSchema, startSittingSchema, submitSittingSchema } from "../shared/sitting-requests.ts";
import { SAVE_MAX_BYTES } from "../shared/sittings.ts";
import { availableYearsQuery, pageQuery } from "./papers/routes.ts";
import { testEmailSchema, valueSchemas } from "./settings/routes.ts";
import { SETTING_KEYS } from "./settings/store.ts";
import { CLIENT_ADDRESS } from "./http.ts";
import { analyzeStructureSchema, generateTopicsSchema, topicInputSchema } from "../shared/structure.ts";
import { credentialsUploadSchema, diagnosticsUrlSchema, processorConfigureSchema, processorListSchema } from "../shared/diagnostics.ts";
import { createSessionSchema, executePhaseSchema, recreateSchema } from "../shared/extraction-testing.ts";
import { publishAllSchema, reviewEditSchema, reviewListQuery } from "../shared/extraction-review.ts";
import { SMART_EXTRACTION_MAX_BYTES, SMART_EXTRACTIONS_PER_HOUR } from "../shared/smart-extraction.ts";
import { DOCUMENT_MAX_BYTES, documentListQuery, documentUploadQuery, documentUrlSchema, extractPapersSchema, importPapersSchema } from "../shared/documents.ts";

/**
 * Who may call a route:
 * - public: anyone, signed in or not;
 * - signed-in: 401 without a session;
 * - owner: signed in (401), and the resource in the path must be the caller's: anyone else gets 404,
 *   as if it did not exist (admins too: nobody reads a student's papers or checkouts);
 * - admin: 401 without a session, 403 for a non-admin;
 * - webhook: called by a payment provider, not a page: no session and no Origin check, a signature instead.
 */
export const ACCESS_RULES = ["public", "signed-in", "owner", "admin", "webhook"] as const;
export type Access = (typeof ACCESS_RULES)[number];

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRoute {
  method: HttpMethod;
  /** As Hono writes it: `/api/generated-papers/:id`, `/api/checkout/test/:id/:action{complete|cancel}`. */
  path: string;
  access: Access;
  summary: string;
  /** The JSON body's schema, the one the route parses with. */
  body?: z.ZodType;
  query?: z.ZodObject;
  /** Path parameters; a parameter not listed is a string (or the choices of its `{a|b}` pattern). */
  params?: z.ZodObject;
  /** A valid body, shown in the document and sent by the route-table test (stretched to each field's maximum). */
  example?: unknown;
  /** The success answer's schema, where one exists. */
  response?: z.ZodType;
  /** Bytes the body may have: DEFAULT_BODY_LIMIT unless set (raise it only for uploads and webhooks). */
  bodyLimit?: number;
}

/** Every request body is at most this big unless its route says otherwise: JSON forms are a few KB. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

const discountCodeExample = { code: "SPRING25", discountPercentage: 25, maxUses: 100, expiresAt: "2027-06-30", description: "Spring revision offer" };
const id = z.object({ id: z.coerce.number().int().min(1) });
const subjectQuery = z.object({ subject: subjectSchema });
const paperIdParam = z.object({ paperId: z.coerce.number().int().min(1) });
const testSessionParam = z.object({ sessionId: z.coerce.number().int().min(1) });
const testFileParam = z.object({ fileId: z.coerce.number().int().min(1) });

export const API_ROUTES: ApiRoute[] = [
  // Platform
  { method: "GET", path: "/api/health", access: "public", summary: "Liveness: answers without touching the database" },
  { method: "GET", path: "/api/openapi.json", access: "public", summary: "This description of the API (OpenAPI 3.1)" },

  // Catalogue (public lists, cached 5 minutes)
  { method: "GET", path: "/api/papers", access: "public", summary: "The catalogue's papers", response: z.array(paperSchema) },
  { method: "GET", path: "/api/subjects", access: "public", summary: "The catalogue's subjects" },
  { method: "GET", path: "/api/exam-boards", access: "public", summary: "The exam boards" },
  { method: "GET", path: "/api/levels", access: "public", summary: "The levels (GCSE, A-Level)" },
  { method: "POST", path: "/api/subjects", access: "admin", summary: "Adds a subject to the catalogue (audited)", body: newSubjectSchema, example: { name: "Astronomy" } },
  { method: "GET", path: "/api/papers/available-years", access: "public", summary: "The past-paper years a catalogue paper has", query: availableYearsQuery },
  { method: "GET", path: "/api/papers/:id/topics", access: "public", summary: "A catalogue paper's study topics: the admin's stored ones, else its blueprint's built-in list", params: id },

  // Catalogue administration (admin-tools.md §2 Exam Papers, §7): every change audited
  { method: "GET", path: "/api/catalogue", access: "admin", summary: "Subjects, boards, levels, offerings and papers, read fresh (not the cached lists)" },
  { method: "POST", path: "/api/exam-boards", access: "admin", summary: "Adds an exam board", body: newSubjectSchema, example: { name: "CCEA" } },
  { method: "POST", path: "/api/levels", access: "admin", summary: "Adds a qualification level", body: newSubjectSchema, example: { name: "IGCSE" } },
  { method: "POST", path: "/api/offerings", access: "admin", summary: "Records that a board offers a subject at a level", body: offeringSchema, example: { subject: "Biology", examBoard: "OCR", level: "A-Level" } },
  { method: "DELETE", path: "/api/offerings/:id", access: "admin", summary: "Removes an offering (refused while it has papers)", params: id },
  {
    method: "POST",
    path: "/api/papers",
    access: "admin",
    summary: "Creates a paper (its offering too, when missing)",
    body: paperDetailsSchema,
    example: { name: "Paper 2 - Islam", subject: "Religious Studies", examBoard: "AQA", level: "GCSE", subjectCode: "8062/2B", examDate: "2027-05-20", description: "Thematic studies" },
  },
  {
    method: "PATCH",
    path: "/api/papers/:id",
    access: "admin",
    summary: "Changes a paper's details, or its structure ({questionStructure, sectionCount}, the §5 rules)",
    params: id,
    body: paperPatchBodySchema,
    example: {
      questionStructure: JSON.stringify({ sections: [{ name: "Section A", questionCount: 1, questionTypes: ["Short Answer"], marks: [4], questions: [{ id: "A1", type: "Short Answer", marks: 4 }] }] }),
      sectionCount: 1,
    },
  },
  { method: "GET", path: "/api/papers/:id/exam-dates", access: "admin", summary: "A paper's exam dates by series, each with its source", params: id },
  {
    method: "PUT",
    path: "/api/papers/:id/exam-dates",
    access: "admin",
    summary: "Replaces a paper's exam dates (one per series, each with its source)",
    params: id,
    body: examDatesSchema,
    example: { examDates: [{ series: "Summer 2027", date: "2027-05-20", source: "AQA final timetable, June 2027" }] },
  },
  { method: "DELETE", path: "/api/papers/:id", access: "admin", summary: "Deletes a paper with its documents, structure and bank questions (students' generated papers are kept)", params: id },
  { method: "GET", path: "/api/audit-log", access: "admin", summary: "Admin changes, newest first: who, what, when, before and after", query: auditQuerySchema },
  { method: "GET", path: "/api/admin/defaults", access: "admin", summary: "The admin's own default settings (§3)" },
  {
    method: "PUT",
    path: "/api/admin/defaults",
    access: "admin",
    summary: "Stores the admin's own default settings (§3)",
    body: adminDefaultsSchema,
    example: { defaultSubject: "Religious Studies", defaultLevel: "GCSE", defaultExamBoard: "AQA", defaultPaper: "Paper 1 - Christianity", enableNotifications: true, enableAutoSave: true },
  },

  // Accounts
  { method: "GET", path: "/api/user", access: "signed-in", summary: "The signed-in user", response: publicUserSchema },
  {
    method: "GET",
    path: "/api/session",
    access: "public",
    summary: "Who is signed in and their balance, or nulls for a visitor (the header of a prerendered page)",
    response: z.object({ user: publicUserSchema.nullable(), credits: z.number().int().nullable() }),
  },
  { method: "GET", path: "/api/auth/google", access: "public", summary: "Starts Google sign-in (a redirect to Google)" },
  { method: "GET", path: "/api/auth/google/callback", access: "public", summary: "Finishes Google sign-in (a redirect into the site)" },
  { method: "POST", path: "/api/register", access: "public", summary: "Registers and signs in", body: registerSchema, example: { fullName: "Ada Lovelace", email: "ada@example.com", username: "ada", password: "analytical engine" }, response: publicUserSchema },
  { method: "POST", path: "/api/login", access: "public", summary: "Signs in by username or e-mail", body: loginSchema, example: { username: "ada", password: "analytical engine" }, response: publicUserSchema },
  { method: "POST", path: "/api/logout", access: "public", summary: "Signs out (ends this session, if any)" },
  {
    method: "PATCH",
    path: "/api/user/profile",
    access: "signed-in",
    summary: "Changes one's name; a new e-mail (with the current password) waits for its mailed confirmation link",
    body: profileSchema,
    example: { fullName: "Ada King", email: "ada.king@example.com", currentPassword: "analytical engine" },
  },
  { method: "GET", path: "/api/user/email/confirm", access: "public", summary: "The mailed link that confirms an e-mail change (the one-time token is its proof); redirects to /settings", query: emailConfirmQuery },
  { method: "POST", path: "/api/user/sign-out-everywhere", access: "signed-in", summary: "Ends every session of one's account, this one included" },
  { method: "POST", path: "/api/user/password", access: "signed-in", summary: "Changes one's password", body: passwordChangeSchema, example: { currentPassword: "analytical engine", newPassword: "difference engine", confirmPassword: "difference engine" } },
  { method: "GET", path: "/api/user/notifications", access: "signed-in", summary: "One's e-mail preferences" },
  { method: "PUT", path: "/api/user/notifications", access: "signed-in", summary: "Saves one's e-mail preferences", body: notificationPrefsSchema, example: { paperReady: true, studyReminders: false, productUpdates: false } },

  // Credits, payments, codes, gifts, referrals
  { method: "GET", path: "/api/user/credits", access: "signed-in", summary: "One's credit balance" },
  { method: "GET", path: "/api/user/transactions", access: "signed-in", summary: "One's credit ledger" },
  { method: "GET", path: "/api/user/credit-usage", access: "signed-in", summary: "One's spending (papers and gifts)" },
  { method: "POST", path: "/api/checkout/credits", access: "signed-in", summary: "Starts a credit purchase", body: checkoutRequestSchema, example: { creditQuantity: 5, discountCode: "SPRING25" } },
  { method: "POST", path: "/api/discount/validate", access: "signed-in", summary: "Checks a discount code", body: discountCodeEntrySchema, example: { code: "SPRING25" } },
  { method: "GET", path: "/api/checkout/:id", access: "owner", summary: "One's checkout: its status, and the balance once it is credited (the success page waits on it)" },
  { method: "POST", path: "/api/checkout/:id/cancel", access: "owner", summary: "Cancels one's pending checkout (expiring a Stripe session) and releases its held discount use" },
  {
    method: "POST",
    path: "/api/checkout/test/:id/:action{complete|cancel}",
    access: "owner",
    summary: "Completes or cancels one's own test-mode checkout (only without Stripe)",
  },
  { method: "POST", path: "/api/stripe/webhook", access: "webhook", summary: "Stripe's signed events", bodyLimit: 256 * 1024 },
  { method: "POST", path: "/api/gift-credits", access: "signed-in", summary: "Gives credits to another account", body: giftSchema, example: { recipient: "friend@example.com", creditAmount: 1, message: "Good luck on Monday!" } },
  { method: "GET", path: "/api/referrals/code", access: "signed-in", summary: "One's referral code" },
  { method: "GET", path: "/api/referrals/info", access: "signed-in", summary: "One's referrals" },
  { method: "POST", path: "/api/referrals/apply", access: "signed-in", summary: "Applies a friend's code (to another account: admins)", body: referralApplySchema, example: { referralCode: "ADA123" } },
  { method: "POST", path: "/api/referrals/complete", access: "admin", summary: "Completes a pending referral", body: referralCompleteSchema, example: { referralId: 1 } },
  { method: "GET", path: "/api/credit-system-check", access: "admin", summary: "Compares every balance with its ledger" },
  { method: "POST", path: "/api/debug/deduct-credits", access: "admin", summary: "Deduction test of the Credit System Test page", body: deductionTestSchema, example: { userId: 1, operation: "past_questions" } },
  { method: "GET", path: "/api/admin/discount-codes", access: "admin", summary: "The discount codes" },
  { method: "POST", path: "/api/admin/discount-codes", access: "admin", summary: "Creates a discount code", body: discountCodeSchema, example: discountCodeExample },
  { method: "PUT", path: "/api/admin/discount-codes/:id", access: "admin", summary: "Changes a discount code", params: id, body: discountCodeSchema, example: discountCodeExample },
  { method: "DELETE", path: "/api/admin/discount-codes/:id", access: "admin", summary: "Deletes a discount code", params: id },

  // Papers
  { method: "POST", path: "/api/generate-enhanced-paper", access: "signed-in", summary: "Generates a paper (1 credit); SSE with Accept: text/event-stream", body: generationRequestSchema, example: { subject: "Biology", examBoard: "AQA", paperName: "Paper 1", level: "GCSE", tier: "Higher" } },
  { method: "GET", path: "/api/generated-papers", access: "signed-in", summary: "One's generated papers, newest first", query: pageQuery },
  { method: "GET", path: "/api/history", access: "signed-in", summary: "One's history" },
  { method: "GET", path: "/api/generated-papers/:id", access: "owner", summary: "One's generated paper, for the viewer", params: id },
  { method: "GET", path: "/api/generated-papers/:id/pdf", access: "owner", summary: "One's generated paper as a PDF", params: id },
  { method: "DELETE", path: "/api/generated-papers/:id", access: "owner", summary: "Deletes one's generated paper", params: id },
  { method: "DELETE", path: "/api/history/all", access: "signed-in", summary: "Deletes one's whole history" },

  // Study
  { method: "GET", path: "/api/study/recommendations", access: "signed-in", summary: "One's latest plan for a subject", query: subjectQuery },
  { method: "POST", path: "/api/study/recommendations", access: "signed-in", summary: "Makes a new plan for a subject", body: recommendationRequestSchema, example: { subject: "Biology", userPreferences: { studyTimePerWeek: 300, preferredStudyMethods: ["Flashcards"], examLevel: "gcse", targetGrade: "7", examDate: "2027-06-01" } } },
  { method: "GET", path: "/api/study/analytics", access: "signed-in", summary: "One's study analytics for a subject", query: subjectQuery },
  { method: "POST", path: "/api/study/progress", access: "signed-in", summary: "Logs study time", body: progressSchema, example: { subject: "Biology", activityId: "cells-1", timeSpent: 30 } },
  { method: "GET", path: "/api/progress", access: "signed-in", summary: "One's mastery per topic, per subject and overall, from one's marked sittings" },

  // Smart Study Resources: the caller's own decks (by paper) and cards; anyone else's are 404
  { method: "GET", path: "/api/revision/papers", access: "signed-in", summary: "The papers one can make a flashcard deck for, with one's decks' due counts" },
  { method: "POST", path: "/api/revision/decks", access: "signed-in", summary: "Makes one's deck for a paper (201), or tops up the one there is (200)", body: deckRequestSchema, example: { paperId: 1, tier: "Higher" } },
  { method: "GET", path: "/api/revision/decks/:paperId", access: "signed-in", summary: "One's deck for a paper: counts, streak, the week's forecast, topics", params: paperIdParam },
  { method: "PATCH", path: "/api/revision/decks/:paperId", access: "signed-in", summary: "Sets one's new cards a day and exam date", params: paperIdParam, body: deckSettingsSchema, example: { newPerDay: 15, examDate: "2027-05-20" } },
  { method: "GET", path: "/api/revision/decks/:paperId/session", access: "signed-in", summary: "The cards to review now, in order (due cards, then today's new ones), or when the next comes back", params: paperIdParam },
  { method: "GET", path: "/api/revision/decks/:paperId/cards", access: "signed-in", summary: "Every card of one's deck", params: paperIdParam },
  { method: "POST", path: "/api/revision/decks/:paperId/cards", access: "signed-in", summary: "Adds one's own card", params: paperIdParam, body: ownCardSchema, example: { topic: "cell-structure", front: "What does a ribosome do?", back: "Makes proteins (protein synthesis)." } },
  { method: "PATCH", path: "/api/revision/cards/:id", access: "signed-in", summary: "Edits one's own card's text, or suspends or restores any card of one's deck", params: id, body: cardEditSchema, example: { suspended: true } },
  { method: "DELETE", path: "/api/revision/cards/:id", access: "signed-in", summary: "Deletes one's own card (a built card is suspended)", params: id },
  { method: "POST", path: "/api/revision/reviews", access: "signed-in", summary: "Records reviews in order on FSRS; one sent twice counts once", body: reviewBatchSchema, example: { reviews: [{ id: "3f1c2a9e-0b7d-4c55-9e0a-1d2b3c4d5e6f", cardId: 1, rating: 3, reviewedAt: "2026-11-26T09:30:00Z" }] } },
  { method: "GET", path: "/api/revision/decks/:paperId/topics/:topic/summary", access: "signed-in", summary: "A five-minute summary of a topic", params: paperIdParam },
  { method: "GET", path: "/api/revision/decks/:paperId/topics/:topic/quiz", access: "signed-in", summary: "A topic's quick quiz (multiple choice)", params: paperIdParam },
  { method: "POST", path: "/api/revision/decks/:paperId/topics/:topic/quiz", access: "signed-in", summary: "Marks a topic's quiz on the spot", params: paperIdParam, body: quizAnswersSchema, example: { answers: [{ key: "q:bio1-001:1", choice: 2 }] } },

  // Exam mode: sitting a generated paper, and its marks
  { method: "GET", path: "/api/sittings", access: "signed-in", summary: "One's sittings, newest first, with their scores" },
  { method: "POST", path: "/api/sittings", access: "signed-in", summary: "Starts sitting one's generated paper (201), or returns the sitting open for it (200)", body: startSittingSchema, example: { generatedPaperId: 1, extraTime: 25 } },
  { method: "GET", path: "/api/sittings/:id", access: "signed-in", summary: "One's sitting as the exam page shows it: questions without mark schemes, answers, flags, deadline", params: id },
  { method: "PUT", path: "/api/sittings/:id/answers", access: "signed-in", summary: "Saves changed answers, the flags and time per part; refused once time is up", params: id, body: saveAnswersSchema, bodyLimit: SAVE_MAX_BYTES, example: { answers: { "01.1": "Cell wall" }, flags: ["02.3"], timeSpent: { "01.1": 40 } } },
  { method: "POST", path: "/api/sittings/:id/submit", access: "signed-in", summary: "Submits and marks one's sitting; after the deadline only the automatic submission is accepted", params: id, body: submitSittingSchema, example: { automatic: false } },
  { method: "GET", path: "/api/sittings/:id/result", access: "signed-in", summary: "The marks of one's submitted sitting, per part and per topic, with the reasons", params: id },
  { method: "POST", path: "/api/sittings/:id/self-mark", access: "signed-in", summary: "One's own mark for a part waiting for it", params: id, body: selfMarkSchema, example: { part: "04.2", marks: 4, level: 2 } },
  { method: "POST", path: "/api/sittings/:id/again", access: "signed-in", summary: "Generates a predicted paper weighted to the sitting's weakest topics (1 credit) and starts sitting it", params: id },
  { method: "POST", path: "/api/sittings/:id/remark", access: "signed-in", summary: "Re-marks a part, by the model again or oneself; the earlier mark is kept", params: id, body: remarkSchema, example: { part: "04.2", method: "self", marks: 5, level: 3 } },

  // Feedback and settings
  { method: "POST", path: "/api/feedback", access: "signed-in", summary: "Sends feedback to the team", body: feedbackSchema, example: { subject: "technical_issue", description: "The PDF of my Biology paper did not open.", email: "ada@example.com" } },
  { method: "GET", path: "/api/settings", access: "admin", summary: "The System settings (secrets masked)" },
  { method: "GET", path: "/api/settings/mail-outbox", access: "admin", summary: "The latest mails of the outbox" },
  {
    method: "PUT",
    path: "/api/settings/:key",
    access: "admin",
    summary: "Changes a System setting ('' removes it)",
    params: z.object({ key: z.enum(Object.values(SETTING_KEYS)) }),
    body: z.object({ value: z.union(Object.values(valueSchemas)) }),
    example: { value: "team@example.com" },
  },
  // Documents of catalogue papers and the import from a board's website (admin-tools.md §7)
  { method: "GET", path: "/api/uploaded-files", access: "admin", summary: "A catalogue paper's documents (without their bytes)", query: documentListQuery },
  {
    method: "POST",
    path: "/api/uploaded-files",
    access: "admin",
    summary: "Uploads a PDF (the raw body, at most 20 MB; its %PDF- signature is checked) as a document of a paper; its fields in the query",
    query: documentUploadQuery,
    bodyLimit: DOCUMENT_MAX_BYTES,
  },
  {
    method: "POST",
    path: "/api/document-urls",
    access: "admin",
    summary: "Adds a document by URL: the server fetches the PDF through its guard",
    body: documentUrlSchema,
    example: { paperId: 1, fileType: "pastPaper", fileName: "Question paper (Higher): Paper 1 - June 2024", fileUrl: "https://www.example.com/papers/AQA-84611H-QP-JUN24.PDF", year: 2024, tier: "Higher" },
  },
  { method: "GET", path: "/api/uploaded-files/:id/pdf", access: "admin", summary: "Opens a document (the PDF itself)", params: id },
  { method: "DELETE", path: "/api/uploaded-files/:id", access: "admin", summary: "Deletes a document and its bytes", params: id },
  {
    method: "POST",
    path: "/api/extract-papers",
    access: "admin",
    summary: "Finds the papers linked from an exam board's page (fetched through the server's guard)",
    body: extractPapersSchema,
    example: { url: "https://www.example.com/past-papers/gcse-maths", paperLevel: "Higher" },
  },
  {
    method: "POST",
    path: "/api/import-papers",
    access: "admin",
    summary: "Imports selected papers as documents of a paper (each PDF fetched through the guard; all or none)",
    body: importPapersSchema,
    example: { paperId: 1, papers: [{ title: "Mark scheme (Higher) : Paper 1 - June 2024", url: "https://www.example.com/papers/1ma1-1h-rms-20240822.pdf", year: 2024, paperType: "markScheme", tier: "Higher" }] },
  },
  // Extraction into the bank (admin-tools.md §4, §7; issue 13): extract, poll, review and publish
  { method: "POST", path: "/api/extract-paper-content/:id", access: "admin", summary: "Extracts a past paper or examiner report (offline; its mark scheme of the same year matched by number) and stores the JSON and the review list", params: id },
  { method: "GET", path: "/api/extraction-status/:id", access: "admin", summary: "Whether a document has been extracted (§4: processed), polled every 5 s", params: id },
  { method: "GET", path: "/api/extracted-questions", access: "admin", summary: "A past paper's review list of extracted questions, with the paper's topics", query: reviewListQuery },
  {
    method: "PATCH",
    path: "/api/extracted-questions/:id",
    access: "admin",
    summary: "Edits an extracted question's stem, topic, and parts' text, marks and answers (a published one's bank rows follow)",
    params: id,
    body: reviewEditSchema,
    example: { topic: "digestive-system-enzymes", parts: [{ number: "02.1", text: "Complete the table.", marks: 3, answer: "amylase; protease; fatty acids and glycerol" }] },
  },
  {
    method: "POST",
    path: "/api/extracted-questions/:id/:action{publish|unpublish|reject}",
    access: "admin",
    summary: "Publishes an extracted question into the bank as a past question, takes it back out, or rejects it",
  },
  { method: "POST", path: "/api/extracted-questions/publish-all", access: "admin", summary: "Publishes every pending question of a document that is ready, naming the others", body: publishAllSchema, example: { documentId: 1 } },
  { method: "GET", path: "/api/uploaded-files/:id/pages/:page{[0-9]+}", access: "admin", summary: "A document's page as a PNG (rendered by MuPDF)", params: z.object({ id: z.coerce.number().int().min(1), page: z.coerce.number().int().min(1) }) },
  // Paper structure and study topics (admin-tools.md §7 Structure, Topics)
  {
    method: "POST",
    path: "/api/analyze-paper-structure",
    access: "admin",
    summary: "Proposes a paper's structure from one of its past-paper documents (read offline; a configured model may correct types and marks)",
    body: analyzeStructureSchema,
    example: { paperId: 1, documentId: 1 },
  },
  { method: "POST", path: "/api/papers/:id/topics", access: "admin", summary: "Adds a study topic to a paper", params: id, body: topicInputSchema, example: { name: "4.1 Cell biology", description: "Cell structure, cell division and transport in cells." } },
  { method: "PATCH", path: "/api/topics/:id", access: "admin", summary: "Changes a study topic", params: id, body: topicInputSchema, example: { name: "4.2 Organisation", description: "Tissues, organs and organ systems." } },
  { method: "DELETE", path: "/api/topics/:id", access: "admin", summary: "Deletes a study topic", params: id },
  {
    method: "POST",
    path: "/api/topics/generate",
    access: "admin",
    summary: "Replaces a paper's study topics with those of its specification document (its numbered headings; a configured model may summarise them)",
    body: generateTopicsSchema,
    example: { paperId: 1 },
  },
  // Document AI diagnostics (admin-tools.md §7 Diagnostics)
  { method: "GET", path: "/api/diagnostics/document-ai/status", access: "admin", summary: "Checks the Document AI service with the stored key: available, errors, error, details, checks" },
  { method: "POST", path: "/api/diagnostics/document-ai/download", access: "admin", summary: "Fetches a PDF through the guard: its size and pages", body: diagnosticsUrlSchema, example: { url: "https://www.example.com/papers/AQA-84611H-QP-JUN24.PDF" } },
  { method: "POST", path: "/api/diagnostics/document-ai/process", access: "admin", summary: "Processes a PDF (fetched through the guard) with the configured Document AI processor", body: diagnosticsUrlSchema, example: { url: "https://www.example.com/papers/AQA-84611H-QP-JUN24.PDF" } },
  { method: "GET", path: "/api/diagnostics/google-credentials", access: "admin", summary: "Whether a service-account key is stored, its client_email and project (never the key)" },
  {
    method: "POST",
    path: "/api/diagnostics/google-credentials/upload",
    access: "admin",
    summary: "Stores a service-account key, sealed with DOCUMENT_AI_SECRET, once Google accepts it",
    body: credentialsUploadSchema,
    example: { credentialsJson: '{"type":"service_account","project_id":"exam-prep","private_key":"-----BEGIN PRIVATE KEY-----\\n…","client_email":"docai@exam-prep.iam.gserviceaccount.com"}' },
  },
  { method: "POST", path: "/api/diagnostics/processor/list", access: "admin", summary: "Lists the project's Document AI processors", body: processorListSchema, example: { projectId: "exam-prep", location: "us" } },
  {
    method: "POST",
    path: "/api/diagnostics/processor/configure",
    access: "admin",
    summary: "Uses the project's FORM_PARSER_PROCESSOR, creating one when there is none",
    body: processorConfigureSchema,
    example: { projectId: "exam-prep", location: "us", processorType: "FORM_PARSER_PROCESSOR" },
  },
  // Smart Document Extraction (admin-tools.md §7 Smart extraction)
  {
    method: "POST",
    path: "/api/extract/smart",
    access: "signed-in",
    summary:
      `Extracts an exam-paper PDF (multipart, its \`file\` field, at most ${SMART_EXTRACTION_MAX_BYTES / 1024 / 1024} MB; its mark scheme in \`markScheme\`, optionally): questions, metadata and extractionStats; ` +
      `progress as Server-Sent Events with Accept: text/event-stream. Nothing is stored; ${SMART_EXTRACTIONS_PER_HOUR} an hour per account`,
    // The paper, its mark scheme and the multipart framing around them.
    bodyLimit: 2 * SMART_EXTRACTION_MAX_BYTES + 64 * 1024,
  },
  { method: "POST", path: "/api/settings/test-email", access: "admin", summary: "Sends a test e-mail", body: testEmailSchema, example: { email: "team@example.com" } },
  // The extraction testing dashboard (admin-tools.md §7 Testing dashboard)
  {
    method: "POST",
    path: "/api/upload",
    access: "admin",
    summary: "Uploads a PDF to test extraction on (multipart: file, checked by its %PDF- signature, at most 20 MB; subject)",
    bodyLimit: DOCUMENT_MAX_BYTES + 64 * 1024,
  },
  { method: "GET", path: "/api/testing/files/:id/pdf", access: "admin", summary: "Opens a test file (an upload, a fetched PDF or a recreated paper)", params: id },
  { method: "GET", path: "/api/testing/validate-ai-config", access: "admin", summary: "Checks the configured model with a real call, and the test sessions' model calls so far" },
  {
    method: "POST",
    path: "/api/testing/create-session",
    access: "admin",
    summary: "Creates a test session over a PDF by URL (fetched through the guard) or an uploaded test file's address",
    body: createSessionSchema,
    example: { fileUrl: "https://www.example.com/papers/AQA-84611H-QP-JUN24.PDF", fileName: "AQA Biology Paper 1H June 2024", subject: "Biology" },
  },
  {
    method: "POST",
    path: "/api/testing/execute-phase/:sessionId",
    access: "admin",
    summary: "Runs one of the session's five phases to its end, in order (422 with its message when the phase fails, which fails the session)",
    params: testSessionParam,
    body: executePhaseSchema,
    example: { phase: "preparation" },
  },
  { method: "GET", path: "/api/testing/session-status/:sessionId", access: "admin", summary: "A test session: its status, steps with progress, logs and model calls, validation and final results", params: testSessionParam },
  { method: "GET", path: "/api/testing/ai-interactions/:sessionId", access: "admin", summary: "A test session's model calls: prompts, answers, tokens, latency and checks", params: testSessionParam },
  {
    method: "POST",
    path: "/api/testing/recreate-paper/:fileId",
    access: "admin",
    summary: "Prints a test file's extracted paper again with the paper engine, extracts it again and scores the match",
    params: testFileParam,
    body: recreateSchema,
    example: { includeOriginalFormatting: true, includeDiagrams: true, validateAccuracy: true },
  },
  { method: "GET", path: "/api/testing/export-extracted-data/:fileId", access: "admin", summary: "A test file's extracted data (its latest session's, or extracted now)", params: testFileParam },
  { method: "POST", path: "/api/testing/validate-recreation/:fileId", access: "admin", summary: "The validation report of a test file's extraction and recreation", params: testFileParam },
  { method: "GET", path: "/api/testing/comprehensive-report/:sessionId", access: "admin", summary: "A test session's whole report, as a JSON download", params: testSessionParam },
];

// --- Matching a request to its entry ----------------------------------------------------------------

const router = new PatternRouter<ApiRoute>();
for (const route of API_ROUTES) router.add(route.method, route.path, route);

/** The contract entry a request is for, if any (HEAD reads as GET). */
export function apiRouteFor(method: string, path: string): ApiRoute | undefined {
  const [matches] = router.match(method === "HEAD" ? "GET" : method, path);
  return matches[0]?.[0];
}

/** The methods the contract allows on a path (empty for an unknown path): what a 405 lists in Allow. */
export function allowedMethods(path: string): HttpMethod[] {
  const methods: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
  return methods.filter((m) => router.match(m, path)[0].some(([r]) => r.method === m));
}

/** The body limit of the route a request is for; DEFAULT_BODY_LIMIT for anything else. */
export const bodyLimitFor = (method: string, path: string) => apiRouteFor(method, path)?.bodyLimit ?? DEFAULT_BODY_LIMIT;

/**
 * Body limits for every request, per route (`bodyLimit` of its entry). A body over the limit is
 * refused before anything reads it: 413, JSON on /api.
 */
export function bodyLimits(): MiddlewareHandler {
  const limiters = new Map<number, MiddlewareHandler>();
  return (c, next) => {
    if (!c.req.raw.body) return next(); // GET, HEAD and bodiless requests: nothing to measure
    const maxSize = bodyLimitFor(c.req.method, c.req.path);
    let limiter = limiters.get(maxSize);
    if (!limiter) {
      limiter = bodyLimit({
        maxSize,
        onError: (c) => {
          const size = maxSize >= 1024 * 1024 ? `${Math.round(maxSize / 1024 / 1024)} MB` : `${Math.round(maxSize / 1024)} KB`;
          const message = `The request body is too large: at most ${size}.`;
          return c.req.path.startsWith("/api/") ? c.json({ message }, 413) : c.text(message, 413);
        },
      });
      limiters.set(maxSize, limiter);
    }
    // Without a Content-Length the limiter counts the body and hands on a new Request: the client's
    // address, set by the server on the original, must come along (rate limits are keyed on it).
    const raw = c.req.raw;
    return limiter(c, () => {
      if (c.req.raw !== raw) Reflect.set(c.req.raw, CLIENT_ADDRESS, Reflect.get(raw, CLIENT_ADDRESS));
      return next();
    });
  };
}

// --- The OpenAPI document ---------------------------------------------------------------------------

const jsonSchema = (schema: z.ZodType) => {
  // The input side: what a client sends (defaults optional, coercions shown as their target type).
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" });
  return rest;
};

/** `/api/x/:id/:action{a|b}` → `/api/x/{id}/{action}` (OpenAPI's form). */
export const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");

const errorSchema = {
  type: "object",
  properties: {
    message: { type: "string", description: "What went wrong, to show to the user" },
    errors: { type: "object", additionalProperties: { type: "string" }, description: "Each invalid field's message" },
  },
  required: ["message"],
};
const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });

function parameters(route: ApiRoute) {
  const out: Record<string, unknown>[] = [];
  for (const match of route.path.matchAll(/:(\w+)(?:\{([^}]*)\})?/g)) {
    const [, name, pattern] = match;
    const declared = route.params?.shape[name] as z.ZodType | undefined;
    const schema = declared
      ? jsonSchema(declared)
      : pattern && /^[\w|-]+$/.test(pattern)
      ? { type: "string", enum: pattern.split("|") }
      : { type: "string", maxLength: 200 };
    out.push({ name, in: "path", required: true, schema });
  }
  for (const [name, field] of Object.entries(route.query?.shape ?? {})) {
    const schema = field as z.ZodType;
    out.push({ name, in: "query", required: !schema.safeParse(undefined).success, schema: jsonSchema(schema) });
  }
  return out;
}

function operation(route: ApiRoute) {
  const changesState = route.method !== "GET";
  const responses: Record<string, unknown> = {
    [route.method === "POST" && route.body ? "2XX" : "200"]: route.response
      ? { description: "Done", content: { "application/json": { schema: jsonSchema(route.response) } } }
      : { description: "Done" },
  };
  if (route.body || route.query || route.params) responses["400"] = errorResponse("The input is invalid (the first field's message, and each field's in `errors`)");
  if (route.access === "signed-in" || route.access === "owner" || route.access === "admin") responses["401"] = errorResponse("Not signed in");
  const forbidden = [
    ...(route.access === "admin" ? ["signed in, but not an admin"] : []),
    ...(changesState && route.access !== "webhook" ? ["the request did not come from ExamPrep's own pages (its Origin)"] : []),
  ];
  if (forbidden.length) responses["403"] = errorResponse(forbidden.join("; or ").replace(/^./, (ch) => ch.toUpperCase()));
  if (route.access === "owner") responses["404"] = errorResponse("Not found, or not the caller's");
  if (changesState) responses["413"] = errorResponse(`The body is larger than ${(route.bodyLimit ?? DEFAULT_BODY_LIMIT) / 1024} KB`);
  return {
    summary: route.summary,
    operationId: `${route.method.toLowerCase()}${openApiPath(route.path).replace(/\/api/, "").replace(/[^A-Za-z0-9]+(\w?)/g, (_, ch: string) => ch.toUpperCase())}`,
    "x-access": route.access,
    ...(route.access === "signed-in" || route.access === "owner" || route.access === "admin" ? { security: [{ session: [] }] } : {}),
    ...(changesState ? { "x-body-limit": route.bodyLimit ?? DEFAULT_BODY_LIMIT } : {}),
    parameters: parameters(route),
    ...(route.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(route.body), ...(route.example ? { example: route.example } : {}) } } } }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of API_ROUTES. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of API_ROUTES) (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation(route);
  return {
    openapi: "3.1.0",
    info: {
      title: "ExamPrep API",
      version: "1",
      description:
        "The API of ExamPrep's pages. Each operation's `x-access` says who may call it (public, signed-in, owner, admin, webhook). " +
        "Signed-in calls carry the `session` cookie; state-changing calls must carry the site's own `Origin` (webhooks excepted). " +
        "Every refusal is JSON with a `message`.",
    },
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: "session" } },
    },
    paths,
  };
}

let cached: string | undefined;
/** The document as served (built once: the contract does not change while the server runs). */
export const openApiJson = () => (cached ??= JSON.stringify(openApiDocument()));
