CREATE INDEX "bank_details_company_idx" ON "bank_details" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "instance_configurations_group_idx" ON "instance_configurations" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "pre_approvals_version_idx" ON "pre_approvals" USING btree ("version_major_id");--> statement-breakpoint
CREATE INDEX "status_requests_version_idx" ON "status_requests" USING btree ("app_version_id");--> statement-breakpoint
CREATE INDEX "submissions_version_idx" ON "submissions" USING btree ("app_version_id");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id");