-- A version of what the admin dashboard shows (issue 13; docs/decisions/0014-private-page-cache.md).
-- Written by hand (drizzle-kit generate --custom); exists only in SQL like article_search.
--
-- Every statement that writes articles, authors or site settings adds one, in its own transaction:
-- the new number becomes visible exactly when the new rows do, on every instance, so a rendered
-- dashboard kept under (session, address, version) is never served after the data it shows changed.
-- A row rather than a sequence for that reason: nextval() is visible before the write commits, and
-- a page rendered in between would be kept under the new number with the old rows.
CREATE TABLE change_versions (
  name text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO change_versions (name, version) VALUES ('staff_pages', 0);
--> statement-breakpoint
CREATE FUNCTION staff_pages_changed_trigger() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE change_versions SET version = version + 1 WHERE name = 'staff_pages';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER articles_staff_pages_changed
  AFTER INSERT OR UPDATE OR DELETE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION staff_pages_changed_trigger();
--> statement-breakpoint
CREATE TRIGGER authors_staff_pages_changed
  AFTER INSERT OR UPDATE OR DELETE ON authors
  FOR EACH STATEMENT EXECUTE FUNCTION staff_pages_changed_trigger();
--> statement-breakpoint
CREATE TRIGGER site_settings_staff_pages_changed
  AFTER INSERT OR UPDATE OR DELETE ON site_settings
  FOR EACH STATEMENT EXECUTE FUNCTION staff_pages_changed_trigger();
