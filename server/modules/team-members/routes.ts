import { vValidator } from '@hono/valibot-validator';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { bulkIdSchema } from '../../../contract/bulk.ts';
import { RESEND_EMAIL_RATE_LIMIT } from '../../../contract/constants.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { memberMessages } from '../../../contract/member.ts';
import { messages } from '../../../contract/messages.ts';
import { paths } from '../../../contract/paths.ts';
import {
  type MemberImportResult,
  memberImportMessages,
  memberImportSchema,
  memberListQuerySchema,
  type TeamMemberCard,
} from '../../../contract/team-dashboard.ts';
import { overLimit } from '../../auth/rate-limit.ts';
import { createResetToken, INVITATION_TTL_MS } from '../../auth/reset-tokens.ts';
import { idList, leaveTeamAssignments } from '../../db/assignments.ts';
import { teamMembers, teams } from '../../db/schema/teams.ts';
import { users } from '../../db/schema/users.ts';
import { allow, teamLead } from '../../http/access.ts';
import { writesAccounts } from '../../http/account-effects.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { accessibleMember, accessibleTeam } from '../../http/team-param.ts';
import { validationHook } from '../../http/validate.ts';
import { invitationMail } from '../../mail/invitation-mail.ts';
import { importMembers } from './member-import.ts';
import { memberPage } from './member-list.ts';

export function teamMemberRoutes(deps: AppDeps) {
  const { db, config, mailer } = deps;
  const auth = allow(db, teamLead);

  /** Mails each user a link to set their password; the link is a reset link that lasts a week. */
  async function invite(teamId: string, members: { id: string; email: string; firstName: string }[]) {
    if (members.length === 0) return;
    const [team] = await db.select({ title: teams.title }).from(teams).where(eq(teams.id, teamId));
    const mails = [];
    for (const member of members) {
      const token = await createResetToken(db, member.id, INVITATION_TTL_MS);
      mails.push(
        invitationMail(member, { title: team?.title ?? '' }, `${config.appUrl}/reset-password/${token}`),
      );
    }
    await mailer.sendMany(mails);
  }

  return new Hono<AppEnv>()
    .get(
      paths.memberList(':teamId'),
      auth,
      vValidator('query', memberListQuerySchema, validationHook),
      async (c) => {
        const teamId = await accessibleTeam(deps, c, 'view');
        const results = await memberPage(db, teamId, c.req.valid('query'), deps.clock());
        return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<Paged<TeamMemberCard>>);
      },
    )
    .delete(
      paths.teamMembers(':teamId'),
      auth,
      writesAccounts('membership'),
      vValidator('json', bulkIdSchema, validationHook),
      async (c) => {
        const teamId = await accessibleTeam(deps, c, 'edit');
        const ids = [...new Set(c.req.valid('json').bulkId.map((id) => id.toLowerCase()))];
        const inTeam = await db.$count(
          teamMembers,
          and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, ids)),
        );
        // All or nothing: one id that is not a member stops the whole removal.
        if (inTeam !== ids.length) throw new ApiError(404, messages.notFound);
        await db.transaction(async (tx) => {
          await tx.execute(leaveTeamAssignments(teamId, idList(ids)));
          await tx
            .delete(teamMembers)
            .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, ids)));
          // A default team one no longer belongs to would only mislead.
          await tx
            .update(users)
            .set({ defaultTeamId: null, updatedAt: sql`now()` })
            .where(and(inArray(users.id, ids), eq(users.defaultTeamId, teamId)));
        });
        return c.json({ message: memberMessages.memberRemoved, results: null } satisfies ApiSuccess<null>);
      },
    )
    .post(paths.memberResendEmail(':teamId', ':memberId'), auth, async (c) => {
      const { teamId, memberId } = await accessibleMember(deps, c, 'edit');
      const [member] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, memberId));
      if (!member) throw new ApiError(404, messages.notFound);
      // Counted only now, so a refused or unknown member uses no quota. The key is the user, not the
      // team membership: whoever asks, the person gets at most one such mail a minute.
      const retryAfter = await overLimit(db, `resend:member:${member.id}`, RESEND_EMAIL_RATE_LIMIT);
      if (retryAfter !== undefined) {
        c.header('Retry-After', String(retryAfter));
        throw new ApiError(429, messages.tooManyAttempts);
      }
      await invite(teamId, [member]);
      return c.json({ message: memberMessages.invitationSent, results: null } satisfies ApiSuccess<null>);
    })
    .post(
      paths.memberImport(':teamId'),
      auth,
      writesAccounts('create', 'credentials'),
      vValidator('json', memberImportSchema, validationHook),
      async (c) => {
        const teamId = await accessibleTeam(deps, c, 'edit');
        const { results, created } = await importMembers(db, c.get('auth'), teamId, c.req.valid('json').rows);
        await invite(teamId, created);
        return c.json({ message: memberImportMessages.imported, results } satisfies ApiSuccess<
          MemberImportResult[]
        >);
      },
    );
}
