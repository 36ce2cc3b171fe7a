import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { bulkSignOffSchema } from '../../../contract/checklists/record-schemas.ts';
import {
  type BulkSignOffResult,
  checklistRecordMessages as m,
  checklistRecordPaths as paths,
} from '../../../contract/checklists/records.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { allow, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { validationHook } from '../../http/validate.ts';
import { deviceTime } from '../learning/device-time.ts';
import { isReplay, loadActivity, requireHeld, storedRecord, type Target } from './record-checks.ts';
import type { RecordInput } from './record-form.ts';
import { writerOf } from './record-routes.ts';
import { CountedAlready, standingDone, writeRecord } from './record-write.ts';
import { rolesOn } from './roles.ts';

/**
 * POST a bulk sign-off: a lead who watched several members do the same task signs off one
 * leadSignOff or rating item for each of them (record 026). Permission is all or nothing: a member
 * of no team the caller leads refuses the whole request (403), and a member who does not hold the
 * checklist 404, before anything is written. Members already done are left as they stand.
 */
export function bulkRoutes({ db, clock }: AppDeps) {
  return new Hono<AppEnv>().post(
    paths.bulkSignOff,
    allow(db, signedIn),
    vValidator('json', bulkSignOffSchema, validationHook),
    async (c) => {
      const callerId = c.get('auth').userId;
      const { activityId, learnerIds, recordIds, note } = c.req.valid('json');
      const activity = await loadActivity(db, activityId);
      if (activity.type !== 'leadSignOff' && activity.type !== 'rating')
        throw new ApiError(403, activity.type === 'observerSignOff' ? m.notObserver : m.notYours);
      const inputs: RecordInput[] = learnerIds.map((learnerId, index) => ({
        recordId: recordIds[index] as string,
        learnerId,
        activityId,
        action: 'done',
        note,
        withdraws: undefined,
      }));
      const targets: Target[] = [];
      for (const input of inputs) {
        const roles = await rolesOn(db, callerId, input.learnerId, activity.checklistId);
        if (!roles.lead) throw new ApiError(403, m.notLead);
        targets.push({ activity, roles });
      }
      for (const input of inputs) {
        await requireHeld(db, input.learnerId, activity.checklistId);
        const earlier = await storedRecord(db, input.recordId);
        if (earlier) isReplay(earlier, callerId, input);
      }
      const writer = await writerOf(db, callerId);
      const now = clock();
      const device = deviceTime(c);
      const records: BulkSignOffResult['records'] = [];
      // One member at a time, each under their own lock, as the single record is written: a
      // member done already is left as they are and answered with the record that stands.
      for (const [index, input] of inputs.entries()) {
        try {
          const written = await writeRecord(db, {
            input,
            target: targets[index] as Target,
            writer,
            file: undefined,
            now,
            device,
          });
          records.push({ learnerId: input.learnerId, recordId: written.row.id, state: 'done' });
        } catch (error) {
          if (!(error instanceof CountedAlready)) throw error;
          const standing = await standingDone(db, input.learnerId, activityId);
          records.push({
            learnerId: input.learnerId,
            recordId: standing?.id ?? input.recordId,
            state: 'done',
          });
        }
      }
      return c.json({
        message: m.bulkSignedOff,
        results: { records },
      } satisfies ApiSuccess<BulkSignOffResult>);
    },
  );
}
