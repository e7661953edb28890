CREATE TABLE `sittings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`generated_paper_id` integer NOT NULL,
	`extra_time` integer DEFAULT 0 NOT NULL,
	`started_at` text NOT NULL,
	`deadline` text NOT NULL,
	`submitted_at` text,
	`automatic` integer DEFAULT false NOT NULL,
	`answers` text DEFAULT '{}' NOT NULL,
	`flags` text DEFAULT '[]' NOT NULL,
	`time_spent` text DEFAULT '{}' NOT NULL,
	`marks` text DEFAULT '{}' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`generated_paper_id`) REFERENCES `generated_papers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sittings_user_idx` ON `sittings` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sittings_paper_idx` ON `sittings` (`generated_paper_id`);--> statement-breakpoint
CREATE TABLE `topic_marks` (
	`sitting_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`subject` text NOT NULL,
	`topic` text NOT NULL,
	`topic_name` text NOT NULL,
	`awarded` integer NOT NULL,
	`max` integer NOT NULL,
	`marked_at` text NOT NULL,
	PRIMARY KEY(`sitting_id`, `topic`),
	FOREIGN KEY (`sitting_id`) REFERENCES `sittings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `topic_marks_user_idx` ON `topic_marks` (`user_id`,`subject`,`marked_at`);