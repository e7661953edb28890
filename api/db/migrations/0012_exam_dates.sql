CREATE TABLE `exam_dates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`paper_id` integer NOT NULL,
	`series` text NOT NULL,
	`date` text NOT NULL,
	`source` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`paper_id`) REFERENCES `papers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exam_dates_paper_series_idx` ON `exam_dates` (`paper_id`,`series`);--> statement-breakpoint
-- An admin's exam date becomes the date of its series. The six sample papers' 2025 dates came with the
-- seed, not from a timetable (one is a Sunday), so they are not carried over as if they had a source.
INSERT INTO `exam_dates` (`paper_id`, `series`, `date`, `source`)
SELECT `id`,
  CASE CAST(substr(`exam_date`, 6, 2) AS integer)
    WHEN 1 THEN 'January' WHEN 2 THEN 'February' WHEN 3 THEN 'March' WHEN 4 THEN 'April' WHEN 5 THEN 'Summer'
    WHEN 6 THEN 'Summer' WHEN 7 THEN 'July' WHEN 8 THEN 'August' WHEN 9 THEN 'September' WHEN 10 THEN 'October'
    WHEN 11 THEN 'November' ELSE 'December' END || ' ' || substr(`exam_date`, 1, 4),
  `exam_date`, 'Entered by an administrator'
FROM `papers`
WHERE `exam_date` IS NOT NULL
  AND coalesce(`subject_code`, '') || '@' || `exam_date` NOT IN
    ('8062/2A@2025-05-21', '8461/1@2025-05-23', '8462/1@2025-05-29', '8463/1@2025-06-04', '8300/1@2025-05-22', '8525/1@2025-06-15');--> statement-breakpoint
ALTER TABLE `papers` DROP COLUMN `exam_date`;