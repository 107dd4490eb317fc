-- One verb per meaning (packages/contract/src/permission-codes.ts): `view` became `read` and
-- `update` became `edit`. Roles' grants follow; a role holding both spellings keeps one.
DELETE FROM "role_grants" AS g
 WHERE g."grant" ~ '^[a-z_]+\.[a-z_]+\.(view|update)$'
   AND EXISTS (
     SELECT 1 FROM "role_grants" AS o
      WHERE o."role_code" = g."role_code"
        AND o."grant" = regexp_replace(regexp_replace(g."grant", '\.view$', '.read'), '\.update$', '.edit')
   );--> statement-breakpoint
UPDATE "role_grants"
   SET "grant" = regexp_replace(regexp_replace("grant", '\.view$', '.read'), '\.update$', '.edit')
 WHERE "grant" ~ '^[a-z_]+\.[a-z_]+\.(view|update)$';--> statement-breakpoint
-- Clients cache permission results by this version: they ask again.
INSERT INTO "versions" ("key", "version") VALUES ('permission', 2)
  ON CONFLICT ("key") DO UPDATE SET "version" = "versions"."version" + 1, "updated_at" = now();
