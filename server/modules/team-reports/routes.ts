import { Hono } from 'hono';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { paths } from '../../../contract/paths.ts';
import type {
  ActivityEntry,
  AttendanceEntry,
  MemberSummary,
  TeamReport,
  TranscriptEntry,
} from '../../../contract/team-dashboard.ts';
import { allow, teamLead } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { foundOr404 } from '../../http/errors.ts';
import { accessibleMember, accessibleTeam } from '../../http/team-param.ts';
import { memberAttendance, teamAttendance } from './attendance.ts';
import { memberActivity, memberSummary, memberTranscript, teamActivity, teamReport } from './reports.ts';

/** The Team Report card and the four views behind a member card's shortcut buttons. */
export function teamReportRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const auth = allow(db, teamLead);
  const ok = <T>(results: T): ApiSuccess<T> => ({ message: messages.listFetched, results });

  return new Hono<AppEnv>()
    .get(paths.teamReport(':teamId'), auth, async (c) => {
      const teamId = await accessibleTeam(deps, c, 'view');
      return c.json(ok<TeamReport>(await teamReport(db, teamId)));
    })
    .get(paths.teamActivity(':teamId'), auth, async (c) => {
      const teamId = await accessibleTeam(deps, c, 'view');
      return c.json(ok<ActivityEntry[]>(await teamActivity(db, teamId)));
    })
    .get(paths.teamAttendance(':teamId'), auth, async (c) => {
      const teamId = await accessibleTeam(deps, c, 'view');
      return c.json(ok<AttendanceEntry[]>(await teamAttendance(db, teamId)));
    })
    .get(paths.memberSummary(':teamId', ':memberId'), auth, async (c) => {
      const { memberId } = await accessibleMember(deps, c, 'view');
      return c.json(ok<MemberSummary>(await foundOr404(memberSummary(db, memberId, clock()))));
    })
    .get(paths.memberTranscript(':teamId', ':memberId'), auth, async (c) => {
      const { memberId } = await accessibleMember(deps, c, 'view');
      return c.json(ok<TranscriptEntry[]>(await memberTranscript(deps, memberId, clock())));
    })
    .get(paths.memberActivity(':teamId', ':memberId'), auth, async (c) => {
      const { memberId } = await accessibleMember(deps, c, 'view');
      return c.json(ok<ActivityEntry[]>(await memberActivity(db, memberId)));
    })
    .get(paths.memberAttendance(':teamId', ':memberId'), auth, async (c) => {
      const { memberId } = await accessibleMember(deps, c, 'view');
      return c.json(ok<AttendanceEntry[]>(await memberAttendance(db, memberId)));
    });
}
