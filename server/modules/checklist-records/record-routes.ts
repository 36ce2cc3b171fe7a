import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AlreadyCountedBody } from '../../../contract/already-counted.ts';
import {
  checklistRecordMessages as m,
  checklistRecordPaths as paths,
  type RecordFile,
  type RecordResult,
} from '../../../contract/checklists/records.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { checklistRecords } from '../../db/schema/checklists.ts';
import { signFileUrl } from '../../files/signed-url.ts';
import type { StoredFile } from '../../files/upload.ts';
import { allow, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { deviceTime } from '../learning/device-time.ts';
import { checkContent, checkTarget, fileKind, isReplay, storedRecord } from './record-checks.ts';
import { readRecordForm } from './record-form.ts';
import { CountedAlready, recordResult, type Writer, writeRecord } from './record-write.ts';
import { rolesOn } from './roles.ts';

/** The signed-in caller as a record names them. */
export async function writerOf(db: Database, userId: string): Promise<Writer> {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select first_name || ' ' || last_name as name from users where id = ${userId}`,
  );
  return { id: userId, name: row?.name ?? '' };
}

/**
 * POST a record (JSON, or multipart with its photo or evidence last) and GET a record's file
 * (record 026). Who may record what is checked on every request (record-checks.ts), before any
 * file is stored; a refused record writes nothing and keeps no file.
 */
export function recordRoutes(deps: AppDeps) {
  const { db, clock, files } = deps;
  return new Hono<AppEnv>()
    .post(paths.record, allow(db, signedIn), async (c) => {
      const callerId = c.get('auth').userId;
      // Checked when the file part arrives, so nobody streams a file they may not record.
      const form = await readRecordForm(c, files, async (input) => {
        const earlier = await storedRecord(db, input.recordId);
        if (earlier && isReplay(earlier, callerId, input)) return false;
        const { activity } = await checkTarget(db, callerId, input);
        return fileKind(activity, input);
      });
      const { input, file } = form;
      let kept: StoredFile | undefined = file;
      try {
        const earlier = await storedRecord(db, input.recordId);
        if (earlier && isReplay(earlier, callerId, input)) {
          const target = await replayTarget(db, callerId, earlier);
          return c.json(
            {
              message: messageOf(earlier.action),
              results: await recordResult(db, { row: earlier, target, completed: [] }),
            },
            200,
          );
        }
        const target = await checkTarget(db, callerId, input);
        checkContent(target.activity, input, Boolean(file));
        const written = await writeRecord(db, {
          input,
          target,
          writer: await writerOf(db, callerId),
          file,
          now: clock(),
          device: deviceTime(c),
        });
        if (!written.replayed) kept = undefined;
        const results = await recordResult(db, { row: written.row, target, completed: written.completed });
        return c.json(
          { message: messageOf(written.row.action), results } satisfies ApiSuccess<RecordResult>,
          written.replayed ? 200 : 201,
        );
      } catch (error) {
        if (error instanceof CountedAlready)
          return c.json({ message: error.message, code: error.code } satisfies AlreadyCountedBody, 409);
        throw error;
      } finally {
        if (kept) await files.disk.delete(kept.key).catch(() => undefined);
      }
    })
    .get(paths.recordFile(`:recordId${UUID_PARAM}`), allow(db, signedIn), async (c) => {
      const viewerId = c.get('auth').userId;
      const [row] = await db
        .select()
        .from(checklistRecords)
        .where(eq(checklistRecords.id, pathId(c.req.param('recordId'))));
      if (!row?.fileKey || !row.fileName) throw new ApiError(404, m.recordNotFound);
      if (row.userId !== viewerId) {
        const roles = await rolesOn(db, viewerId, row.userId, row.checklistId);
        if (!roles.lead && !roles.observer) throw new ApiError(403, messages.forbidden);
      }
      const results: RecordFile = {
        name: row.fileName,
        size: row.fileSize ?? 0,
        type: row.fileType ?? 'application/octet-stream',
        url: await signFileUrl(deps, row.fileKey, { name: row.fileName }),
      };
      return c.json({ message: m.fileFetched, results } satisfies ApiSuccess<RecordFile>);
    });
}

const messageOf = (action: string) => (action === 'withdraw' ? m.withdrawn : m.recorded);

/** The item and the caller's roles for answering a replayed record, whatever has changed since. */
async function replayTarget(db: Database, callerId: string, row: typeof checklistRecords.$inferSelect) {
  const roles = await rolesOn(db, callerId, row.userId, row.checklistId);
  const [activity] = await queryRows<{ type: string }>(
    db,
    sql`select type from checklist_activities where id = ${row.activityId}`,
  );
  return {
    activity: { id: row.activityId, checklistId: row.checklistId, type: activity?.type as never },
    roles,
  };
}
