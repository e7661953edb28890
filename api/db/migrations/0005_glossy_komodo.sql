ALTER TABLE `checkouts` ADD `currency` text DEFAULT 'gbp' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `checkouts_one_code_use_per_account` ON `checkouts` (`user_id`,`discount_code_id`) WHERE discount_code_id is not null and status in ('pending', 'processing', 'completed');--> statement-breakpoint
ALTER TABLE `discount_codes` ADD `free_credit_cap` integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE `processed_events` ADD `checkout_id` text;--> statement-breakpoint
ALTER TABLE `processed_events` ADD `outcome` text;