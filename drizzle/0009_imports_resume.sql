CREATE TABLE "import_run_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"change" text NOT NULL,
	"target" text NOT NULL,
	"previous" jsonb
);
--> statement-breakpoint
CREATE TABLE "import_run_items" (
	"run_id" integer NOT NULL,
	"position" integer NOT NULL,
	"target" text NOT NULL,
	"source_id" text NOT NULL,
	"title" text NOT NULL,
	"action" text NOT NULL,
	"slug" text NOT NULL,
	"renamed_from" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"notes" jsonb,
	CONSTRAINT "import_run_items_run_id_position_pk" PRIMARY KEY("run_id","position")
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"file_name" text NOT NULL,
	"kind" text NOT NULL,
	"policy" text DEFAULT 'rename' NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	CONSTRAINT "import_runs_status" CHECK ("import_runs"."status" in ('uploaded', 'applying', 'finished', 'rolled-back')),
	CONSTRAINT "import_runs_policy" CHECK ("import_runs"."policy" in ('rename', 'skip', 'overwrite'))
);
--> statement-breakpoint
CREATE TABLE "import_upload_chunks" (
	"run_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "import_upload_chunks_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
CREATE TABLE "imported_pages" (
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"page_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_pages_source_source_id_pk" PRIMARY KEY("source","source_id")
);
--> statement-breakpoint
ALTER TABLE "import_run_changes" ADD CONSTRAINT "import_run_changes_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_run_items" ADD CONSTRAINT "import_run_items_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_upload_chunks" ADD CONSTRAINT "import_upload_chunks_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_pages" ADD CONSTRAINT "imported_pages_page_slug_pages_slug_fk" FOREIGN KEY ("page_slug") REFERENCES "public"."pages"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "import_run_changes_run_idx" ON "import_run_changes" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "import_run_items_pending_idx" ON "import_run_items" USING btree ("run_id","position") WHERE "import_run_items"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "import_runs_uploaded_idx" ON "import_runs" USING btree ("created_at") WHERE "import_runs"."status" = 'uploaded';--> statement-breakpoint
CREATE INDEX "imported_pages_page_idx" ON "imported_pages" USING btree ("page_slug");