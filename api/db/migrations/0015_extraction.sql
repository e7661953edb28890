CREATE TABLE `document_ai_credentials` (
	`id` integer PRIMARY KEY NOT NULL,
	`client_email` text NOT NULL,
	`project_id` text NOT NULL,
	`sealed_key` text NOT NULL,
	`processor_name` text,
	`uploaded_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `document_extractions` (
	`document_id` integer PRIMARY KEY NOT NULL,
	`result` text NOT NULL,
	`mark_scheme_id` integer,
	`extracted_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mark_scheme_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`extracted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `extracted_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` integer NOT NULL,
	`number` text NOT NULL,
	`position` integer NOT NULL,
	`page` integer NOT NULL,
	`stem` text,
	`parts` text NOT NULL,
	`suggested_topic` text,
	`topic_reason` text DEFAULT '' NOT NULL,
	`topic` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`bank_ids` text DEFAULT '[]' NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `extracted_questions_document_number_idx` ON `extracted_questions` (`document_id`,`number`);--> statement-breakpoint
CREATE TABLE `extraction_test_file_contents` (
	`file_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`bytes` blob NOT NULL,
	PRIMARY KEY(`file_id`, `seq`),
	FOREIGN KEY (`file_id`) REFERENCES `extraction_test_files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `extraction_test_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_name` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`source` text NOT NULL,
	`source_url` text,
	`size` integer NOT NULL,
	`recreation` text,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `extraction_test_interactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`step` text NOT NULL,
	`model` text NOT NULL,
	`system_prompt` text NOT NULL,
	`user_prompt` text NOT NULL,
	`content` text NOT NULL,
	`processing_time` integer NOT NULL,
	`prompt_tokens` integer,
	`completion_tokens` integer,
	`total_tokens` integer,
	`validation` text NOT NULL,
	`accepted` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `extraction_test_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `extraction_test_interactions_session_idx` ON `extraction_test_interactions` (`session_id`,`id`);--> statement-breakpoint
CREATE TABLE `extraction_test_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`test_name` text NOT NULL,
	`file_name` text NOT NULL,
	`file_url` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`file_id` integer,
	`status` text DEFAULT 'idle' NOT NULL,
	`running_phase` text,
	`start_time` text,
	`end_time` text,
	`pages` integer,
	`steps` text NOT NULL,
	`cover` text,
	`extraction` text,
	`validation` text,
	`final_results` text,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`file_id`) REFERENCES `extraction_test_files`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `extraction_test_sessions_created_idx` ON `extraction_test_sessions` (`created_at`);