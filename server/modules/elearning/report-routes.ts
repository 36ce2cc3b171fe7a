import { vValidator } from '@hono/valibot-validator';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { type ElearningLearnerRow, elearningReportQuery } from '../../../contract/elearning/report.ts';
import {
  elearningPaths as paths,
  elearningResource as resource,
} from '../../../contract/elearning/resource.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { elearningPackages } from '../../db/schema/elearning.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import { interactionsCsv } from './interactions.ts';
import { learnerReport } from './report.ts';

/** The package's file name for its export: its title's letters and digits, then the date. */
const exportName = (title: string, now: Date) =>
  `${
    title
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'package'
  }-interactions-${now.toISOString().slice(0, 10)}.csv`;

/** A package's learners report and its interactions export, for those who may view packages. */
export function reportRoutes({ db, clock }: AppDeps) {
  const canView = allow(db, permission(resource.module, resource.submodule, 'view'));
  const packageOf = async (id: string) =>
    foundOr404(
      db
        .select({ title: elearningPackages.title, structure: elearningPackages.structure })
        .from(elearningPackages)
        .where(eq(elearningPackages.id, id))
        .then((rows) => rows[0]),
    );
  return new Hono<AppEnv>()
    .get(
      `${paths.report(':id')}`.replace(':id', `:id${UUID_PARAM}`),
      canView,
      vValidator('query', elearningReportQuery, validationHook),
      async (c) => {
        const id = pathId(c.req.param('id'));
        const found = await packageOf(id);
        return c.json({
          message: messages.listFetched,
          results: await learnerReport(db, id, found.structure, c.req.valid('query')),
        } satisfies ApiSuccess<Paged<ElearningLearnerRow>>);
      },
    )
    .get(`${paths.interactions(':id')}`.replace(':id', `:id${UUID_PARAM}`), canView, async (c) => {
      const id = pathId(c.req.param('id'));
      const found = await packageOf(id);
      return new Response(interactionsCsv(db, id, found.structure), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${exportName(found.title, clock())}"`,
          'Cache-Control': 'no-store',
        },
      });
    });
}
