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
