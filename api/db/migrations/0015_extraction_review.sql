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
CREATE UNIQUE INDEX `extracted_questions_document_number_idx` ON `extracted_questions` (`document_id`,`number`);