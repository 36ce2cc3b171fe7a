import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { certificateMessages as m } from '../../contract/certificates.ts';
import { ApiError } from '../http/errors.ts';
import type { Database } from './client.ts';
import { courseProgressRows, type ProgressRow } from './learner-progress.ts';
import { queryRows } from './rows.ts';
import { certificates } from './schema/certificates.ts';
import { courseCompletions, courses } from './schema/courses.ts';
import { users } from './schema/users.ts';

export type Certificate = typeof certificates.$inferSelect;

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 80 random bits as four groups of four: nothing about the learner or course can be read from it. */
export function newCertificateCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let text = '';
  for (let i = 0; i < 16; i++) {
    text = ALPHABET[Number(bits & 31n)] + text;
    bits >>= 5n;
  }
  return text.match(/.{4}/g)?.join('-') ?? text;
}

/** The expiry the learner's assignments give their latest completion of the course (null: none). */
async function currentExpiry(db: Database, userId: string, courseId: string, now: Date) {
  const [row] = await queryRows<ProgressRow>(
    db,
    courseProgressRows(sql`${userId}::uuid`, sql`values (${courseId}::uuid)`, now),
  );
  return row && row.all_completed !== null && row.expires_at !== null ? new Date(row.expires_at) : null;
}

/**
 * The certificate of the user's latest completion of the course, made on first asking: the
 * learner's and course's names as they are now, the completion's date and the expiry its
 * assignments give it. 404 when the course gives none or the user never completed it.
 */
export async function certificateFor(
  db: Database,
  userId: string,
  courseId: string,
  now: Date,
): Promise<Certificate> {
  const [course] = await db
    .select({ name: courses.name, givesCertificate: courses.givesCertificate })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course?.givesCertificate) throw new ApiError(404, m.noCertificate);
  const [completion] = await db
    .select({ id: courseCompletions.id, completedAt: courseCompletions.completedAt })
    .from(courseCompletions)
    .where(and(eq(courseCompletions.userId, userId), eq(courseCompletions.courseId, courseId)))
    .orderBy(desc(courseCompletions.completedAt))
    .limit(1);
  if (!completion) throw new ApiError(404, m.notCompleted);
  const existing = await byCompletion(db, completion.id);
  if (existing) return existing;

  const [learner] = await db
    .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!learner) throw new ApiError(404, m.notCompleted);
  // Two first downloads at once: one insert wins, both answer its row.
  await db
    .insert(certificates)
    .values({
      code: newCertificateCode(),
      completionId: completion.id,
      userId,
      courseId,
      learnerName: learner.name,
      courseName: course.name,
      completedAt: completion.completedAt,
      expiresAt: await currentExpiry(db, userId, courseId, now),
    })
    .onConflictDoNothing({ target: certificates.completionId });
  const made = await byCompletion(db, completion.id);
  if (!made) throw new Error(`No certificate for completion ${completion.id}`);
  return made;
}

async function byCompletion(db: Database, completionId: string) {
  const [row] = await db
    .select()
    .from(certificates)
    .where(eq(certificates.completionId, completionId))
    .limit(1);
  return row;
}

/** The certificate with the code, or undefined. */
export async function certificateByCode(db: Database, code: string) {
  const [row] = await db.select().from(certificates).where(eq(certificates.code, code)).limit(1);
  return row;
}

export const isExpired = (certificate: Certificate, now: Date) =>
  certificate.expiresAt !== null && certificate.expiresAt.getTime() <= now.getTime();
