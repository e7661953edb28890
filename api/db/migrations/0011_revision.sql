CREATE TABLE `revision_cards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`deck_id` integer NOT NULL,
	`key` text,
	`topic` text NOT NULL,
	`front` text NOT NULL,
	`back` text NOT NULL,
	`source_kind` text NOT NULL,
	`source_label` text NOT NULL,
	`suspended` integer DEFAULT false NOT NULL,
	`due` text NOT NULL,
	`stability` real DEFAULT 0 NOT NULL,
	`difficulty` real DEFAULT 0 NOT NULL,
	`elapsed_days` integer DEFAULT 0 NOT NULL,
	`scheduled_days` integer DEFAULT 0 NOT NULL,
	`learning_steps` integer DEFAULT 0 NOT NULL,
	`reps` integer DEFAULT 0 NOT NULL,
	`lapses` integer DEFAULT 0 NOT NULL,
	`state` integer DEFAULT 0 NOT NULL,
	`last_review` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`deck_id`) REFERENCES `revision_decks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `revision_cards_key_idx` ON `revision_cards` (`deck_id`,`key`);--> statement-breakpoint
CREATE INDEX `revision_cards_due_idx` ON `revision_cards` (`deck_id`,`due`);--> statement-breakpoint
CREATE TABLE `revision_decks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`paper_id` integer NOT NULL,
	`tier` text,
	`new_per_day` integer NOT NULL,
	`exam_date` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`paper_id`) REFERENCES `papers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `revision_decks_user_paper_idx` ON `revision_decks` (`user_id`,`paper_id`);--> statement-breakpoint
CREATE TABLE `revision_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`card_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`state_before` integer NOT NULL,
	`reviewed_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`card_id`) REFERENCES `revision_cards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `revision_reviews_user_idx` ON `revision_reviews` (`user_id`,`reviewed_at`);