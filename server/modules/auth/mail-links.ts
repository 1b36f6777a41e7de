import { createHash, randomBytes } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, verifications } from '../../db/schema/index.ts';
import { enqueueMail, type MailJob } from '../../plugins/queue.ts';
import { issueAlertToken } from '../sessions/queries.ts';
import type { Auth } from './auth.ts';
import { putVerification } from './verifications.ts';

/** How long a verification link works. */
export const VERIFY_EMAIL_TTL_MS = 24 * 3600 * 1000;
/** How long a reset link works (better-auth's `resetPasswordTokenExpiresIn`, seconds). */
export const RESET_TOKEN_TTL_SECONDS = 3600;

const VERIFY_PREFIX = 'verify-email:';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** Our verification rows: the SHA-256 of the token is the identifier; the member and address the value. */
export const verifyIdentifier = (token: string) => `${VERIFY_PREFIX}${sha256(token)}`;
const verifyValue = (userId: string, email: string) => `${userId}:${email.toLowerCase()}`;

/**
 * The secret links of account mails, made by the mail worker when it sends (issue 36): the queue's job data
 * (and so the database, its backups and any job dashboard) holds only which link to make, never a token.
 * Answers the data to add to the mail, or null when the mail is no longer wanted (the address was verified
 * or changed meanwhile, the alert's token was used or has expired).
 */
export type LinkMinter = (mail: MailJob) => Promise<Record<string, string> | null>;

export function createLinkMinter({
  db,
  auth,
  publicUrl,
}: {
  db: Db;
  auth: Auth;
  publicUrl: string;
}): LinkMinter {
  return async (mail): Promise<Record<string, string> | null> => {
    const link = mail.link;
    if (!link || !mail.userId) return {};
    const userId = mail.userId;
    const token = randomBytes(32).toString('base64url');
    switch (link.kind) {
      case 'password-reset': {
        // better-auth's own row (it checks and consumes it at /reset-password); its identifier is stored hashed.
        const ctx = await auth.$context;
        await ctx.internalAdapter.createVerificationValue({
          value: userId,
          identifier: `reset-password:${token}`,
          expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_SECONDS * 1000),
        });
        // In the fragment (decision 005): it never reaches a server log or a Referer header.
        return { link: `${publicUrl}/reset-password#type=recovery&token=${encodeURIComponent(token)}` };
      }
      case 'verify-email': {
        const [member] = await db
          .select({ email: profiles.email, verified: profiles.emailVerified })
          .from(profiles)
          .where(eq(profiles.id, userId));
        if (!member || member.verified || member.email.toLowerCase() !== mail.to.toLowerCase()) return null;
        await putVerification(
          db,
          verifyIdentifier(token),
          verifyValue(userId, member.email),
          VERIFY_EMAIL_TTL_MS,
        );
        return { link: `${publicUrl}/verify-email#token=${token}` };
      }
      case 'not-me': {
        // The alert's row was made with a hash nobody holds; the token that matches it is made only now.
        const issued = await issueAlertToken(
          db,
          link.ref ?? '',
          userId,
          createHash('sha256').update(token).digest('hex'),
        );
        if (!issued) return null;
        return { notMeLink: `${publicUrl}/security/not-me#token=${token}` };
      }
    }
  };
}

/**
 * Uses a verification token once: its row is deleted in the same statement that finds it (two clicks racing
 * verify once), and only a row still in date, for the address the member still has, verifies it. Every other
 * verification link of the member is dropped with it. Answers the member's id, or null.
 */
export async function useVerifyToken(db: Db, token: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(verifications)
      .where(eq(verifications.identifier, verifyIdentifier(token)))
      .returning({ value: verifications.value, expiresAt: verifications.expiresAt });
    if (!row || row.expiresAt.getTime() < Date.now()) return null;
    const split = row.value.indexOf(':');
    const userId = row.value.slice(0, split);
    const email = row.value.slice(split + 1);
    const [member] = await tx
      .update(profiles)
      .set({ emailVerified: true, updatedAt: sql`now()` })
      .where(and(eq(profiles.id, userId), sql`lower(${profiles.email}) = ${email}`))
      .returning({ id: profiles.id });
    if (!member) return null;
    await tx
      .delete(verifications)
      .where(
        and(like(verifications.identifier, `${VERIFY_PREFIX}%`), like(verifications.value, `${userId}:%`)),
      );
    return member.id;
  });
}

/** The verification mail: the job names the kind of link only; the mail worker makes the token (mail-links.ts). */
export function queueVerificationMail(db: Db, member: { id: string; email: string }) {
  return enqueueMail(db, {
    to: member.email,
    template: 'verify-email',
    data: {},
    userId: member.id,
    link: { kind: 'verify-email' },
  });
}
