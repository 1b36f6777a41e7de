CREATE INDEX "login_events_ip_idx" ON "login_events" USING btree ("ip_address");--> statement-breakpoint
CREATE INDEX "direct_messages_sender_created_idx" ON "direct_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "known_devices_device_network_idx" ON "known_devices" USING btree ("device","network");