-- Session tokens are stored hashed (issue 36: a backup must not hold live sessions): the cookie keeps the raw
-- token, the row only its SHA-256 in hex (server/modules/auth/session-token.ts). The sessions made before
-- this migration are hashed in place with the same function, so nobody is signed out by it.
UPDATE "sessions" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
