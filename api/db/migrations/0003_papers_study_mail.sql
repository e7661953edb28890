CREATE TABLE `feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`subject` text NOT NULL,
	`description` text NOT NULL,
	`email` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `generated_paper_questions` (
	`generated_paper_id` integer NOT NULL,
	`question_id` text NOT NULL,
	FOREIGN KEY (`generated_paper_id`) REFERENCES `generated_papers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `generated_paper_questions_paper_idx` ON `generated_paper_questions` (`generated_paper_id`);--> statement-breakpoint
CREATE INDEX `generated_paper_questions_question_idx` ON `generated_paper_questions` (`question_id`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE TABLE `questions` (
	`id` text PRIMARY KEY NOT NULL,
	`paper_id` integer NOT NULL,
	`exam_board` text NOT NULL,
	`subject` text NOT NULL,
	`level` text NOT NULL,
	`tier` text DEFAULT 'Both' NOT NULL,
	`topic` text NOT NULL,
	`style` text,
	`type` text NOT NULL,
	`marks` integer NOT NULL,
	`stem` text,
	`parts` text NOT NULL,
	`origin` text NOT NULL,
	`attribution` text NOT NULL,
	`paper_code` text,
	`series` text,
	`year` integer,
	`question_number` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`paper_id`) REFERENCES `papers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `questions_paper_idx` ON `questions` (`paper_id`,`origin`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `study_progress` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`subject` text,
	`recommendation_id` integer,
	`activity_id` text,
	`status` text NOT NULL,
	`time_spent` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recommendation_id`) REFERENCES `study_recommendations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `study_progress_user_idx` ON `study_progress` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `study_recommendations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`subject` text NOT NULL,
	`category` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`priority` text NOT NULL,
	`estimated_time` integer NOT NULL,
	`resources` text DEFAULT '[]' NOT NULL,
	`success_metrics` text DEFAULT '[]' NOT NULL,
	`source` text NOT NULL,
	`preferences` text DEFAULT '{}' NOT NULL,
	`completed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `study_recommendations_user_idx` ON `study_recommendations` (`user_id`,`subject`);--> statement-breakpoint
ALTER TABLE `generated_papers` ADD `paper_id` integer REFERENCES papers(id);--> statement-breakpoint
ALTER TABLE `generated_papers` ADD `tier` text;--> statement-breakpoint
ALTER TABLE `generated_papers` ADD `options` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `generated_papers` ADD `document` text DEFAULT '{}' NOT NULL;