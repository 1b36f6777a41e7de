-- The planner assumes sender and recipient are independent, so it estimates a 10,000-message conversation
-- between two busy members at ~30 rows and picks a bitmap scan that reads every message of the pair and
-- sorts them (1 s on the benchmark data). Statistics on the pair itself put long conversations in a
-- most-common-values list, and the thread page becomes two backward index scans that stop at the limit (0.6 ms).
CREATE STATISTICS IF NOT EXISTS "direct_messages_pair_stats" (mcv) ON "sender_id", "recipient_id" FROM "direct_messages";
