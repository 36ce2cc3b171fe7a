import { vValidator } from '@hono/valibot-validator';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  COMPLIANCE_CSV_COLUMNS,
  type ComplianceExportQuery,
  type ComplianceReportRow,
  type ComplianceResult,
  complianceExportQuery,
  compliancePaths,
  complianceQuery,
  complianceReportQuery,
} from '../../../contract/course-assignments/compliance.ts';
import { courseAssignmentArea } from '../../../contract/course-assignments/resource.ts';
import { csvCell } from '../../../contract/csv.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database } from '../../db/client.ts';
import { isoTime, queryRows } from '../../db/rows.ts';
import { allow, teamLeadOr } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { validationHook } from '../../http/validate.ts';
import { requireListAccess } from './access.ts';
import { complianceBatch, complianceFigures, compliancePage, type ReportRow } from './compliance-queries.ts';

/** Learners whose rows one query of the export reads; each batch is sent before the next is read. */
export const COMPLIANCE_EXPORT_BATCH = 500;

export const complianceFilename = (now: Date) => `compliance-${now.toISOString().slice(0, 10)}.csv`;

function csvLine(row: ReportRow): string {
  const cells: Record<(typeof COMPLIANCE_CSV_COLUMNS)[number], string> = {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    teams: row.teams ?? '',
    training: row.title,
    course: row.course_name,
    deadline: row.deadline ?? '',
    state: row.state,
    completedAt: row.completed_at === null ? '' : isoTime(row.completed_at),
    expiresAt: row.expires_at === null ? '' : isoTime(row.expires_at),
  };
  return `${COMPLIANCE_CSV_COLUMNS.map((column) => csvCell(cells[column])).join(',')}\r\n`;
}

type Learner = { id: string; first_name: string; last_name: string };

/** The next learners in scope after `after`, by first name, last name and id (users_name_idx). */
function nextLearners(db: Database, team: string | undefined, after: Learner | undefined) {
  return queryRows<Learner>(
    db,
    sql`select lu.id, lu.first_name, lu.last_name from users lu
         where lu.status
           ${team ? sql`and exists (select 1 from team_members tm where tm.user_id = lu.id and tm.team_id = ${team})` : sql``}
           ${after ? sql`and (lu.first_name, lu.last_name, lu.id) > (${after.first_name}, ${after.last_name}, ${after.id}::uuid)` : sql``}
         order by lu.first_name, lu.last_name, lu.id
         limit ${COMPLIANCE_EXPORT_BATCH}`,
  );
}

/**
 * The report as CSV: learners are read COMPLIANCE_EXPORT_BATCH at a time (keyset on their name
 * order) and their rows worked out and written before the next batch is read, so memory stays at
 * one batch and the time grows with the number of learners, not with the report's size squared.
 * A byte-order mark lets spreadsheet apps read the file as UTF-8.
 */
function complianceCsvStream(
  db: Database,
  filters: ComplianceExportQuery,
  now: Date,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  let after: Learner | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${COMPLIANCE_CSV_COLUMNS.join(',')}\r\n`));
          return;
        }
        // Batches whose learners have no row under the filters write nothing; read on to one that does.
        for (;;) {
          const learners = await nextLearners(db, filters.team, after);
          after = learners.at(-1);
          const rows = learners.length
            ? await complianceBatch(
                db,
                learners.map((learner) => learner.id),
                filters,
                now,
              )
            : [];
          if (rows.length > 0) controller.enqueue(encoder.encode(rows.map(csvLine).join('')));
          if (learners.length < COMPLIANCE_EXPORT_BATCH) {
            controller.close();
            return;
          }
          if (rows.length > 0) return;
        }
      },
    },
    { highWaterMark: 1 },
  );
}

/**
 * The compliance dashboard's routes. Administrators with the Assignments view right see the whole
 * organization or any team; a team's leads see their team only (they must name it).
 */
export function complianceRoutes({ db, clock }: AppDeps) {
  const access = allow(db, teamLeadOr(courseAssignmentArea.module, courseAssignmentArea.submodule));
  return new Hono<AppEnv>()
    .get(compliancePaths.figures, access, vValidator('query', complianceQuery, validationHook), async (c) => {
      const { team } = c.req.valid('query');
      await requireListAccess(db, c.get('auth'), team);
      const results = await complianceFigures(db, team, clock());
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<ComplianceResult>);
    })
    .get(
      compliancePaths.report,
      access,
      vValidator('query', complianceReportQuery, validationHook),
      async (c) => {
        const { page, limit, ...filters } = c.req.valid('query');
        await requireListAccess(db, c.get('auth'), filters.team);
        const { rows, total } = await compliancePage(
          db,
          filters,
          { offset: (page - 1) * limit, limit },
          clock(),
        );
        const results: Paged<ComplianceReportRow> = {
          data: rows,
          page,
          limit,
          totalPages: Math.ceil(total / limit),
          total,
        };
        return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<
          Paged<ComplianceReportRow>
        >);
      },
    )
    .get(
      compliancePaths.export,
      access,
      vValidator('query', complianceExportQuery, validationHook),
      async (c) => {
        const filters = c.req.valid('query');
        await requireListAccess(db, c.get('auth'), filters.team);
        const now = clock();
        return new Response(complianceCsvStream(db, filters, now), {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="${complianceFilename(now)}"`,
            'Cache-Control': 'no-store',
          },
        });
      },
    );
}
