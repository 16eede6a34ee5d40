ALTER TABLE "app_categories" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "app_categories" SET "names" = "v"."names"::jsonb, "sort_order" = "v"."sort_order"
FROM (VALUES
  (1, '{"nl-NL":"Boekhouding"}', 10),
  (2, '{"nl-NL":"Facturering"}', 10),
  (3, '{"nl-NL":"Documentautomatisering"}', 10),
  (4, '{"nl-NL":"E-mail"}', 10),
  (5, '{"nl-NL":"Formulieren"}', 10),
  (6, '{"nl-NL":"Identiteitsverificatie"}', 10),
  (7, '{"nl-NL":"Marketing"}', 10),
  (8, '{"nl-NL":"Productiviteit"}', 10),
  (9, '{"nl-NL":"Rapportage"}', 10),
  (10, '{"nl-NL":"Tijdregistratie"}', 10),
  (99, '{"nl-NL":"Overig"}', 999)
) AS "v"("id", "names", "sort_order")
WHERE "app_categories"."id" = "v"."id";
