-- Rate-limit counters need no crash safety (decision 004): a hit then writes no WAL and its commit never
-- waits for a disk flush, so a limited request adds no fsync of its own.
ALTER TABLE "rate_limits" SET UNLOGGED;
