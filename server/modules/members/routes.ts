import { vValidator } from '@hono/valibot-validator';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { recordMessage } from '../../../contract/admin-list.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import {
  type MemberDetail,
  memberCreateSchema,
  memberDetailQuerySchema,
  memberMessages,
  memberUpdateSchema,
} from '../../../contract/member.ts';
import { messages } from '../../../contract/messages.ts';
import { API_BASE, paths } from '../../../contract/paths.ts';
import { controlsAccount } from '../../auth/account-control.ts';
import { hashPassword } from '../../auth/password.ts';
import { endSessionsAfterCredentialChange } from '../../auth/sessions.ts';
import { isUniqueViolation } from '../../db/rows.ts';
import { teamMembers } from '../../db/schema/teams.ts';
import { userMembershipRoles, users } from '../../db/schema/users.ts';
import { StaleVersion, staleAnswer } from '../../db/versioned-update.ts';
import { deleteProfilePicture, saveProfilePicture } from '../../files/profile-pictures.ts';
import type { FileStore } from '../../files/store.ts';
import { allow, teamLead } from '../../http/access.ts';
import { writesAccounts } from '../../http/account-effects.ts';
import type { AppDeps, AppEnv, AuthState } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId } from '../../http/path-id.ts';
import {
  administersTeams,
  leadsTeamOfMember,
  requireTeamAccess,
  requireTeamMember,
} from '../../http/team-access.ts';
import { parseOr422, validationHook } from '../../http/validate.ts';
import { mailWelcome } from '../../mail/welcome-mail.ts';
import { loadMemberDetail } from './member-detail.ts';
import { type MemberForm, readMemberForm } from './member-form.ts';
import { duplicateEmail, refuseTakenEmail, requireReferences } from './member-references.ts';

/** What the team dashboard's member form answers call the user it adds or edits. */
const MEMBER = 'member';

/** The two member-form requests, which carry a picture and get a larger body limit than JSON. */
export function isMemberFormRequest(method: string, path: string): boolean {
  if (method === 'POST') return path === `${API_BASE}${paths.addMember}`;
  const editPrefix = `${API_BASE}${paths.member('')}`;
  return method === 'PATCH' && path.startsWith(editPrefix) && !path.slice(editPrefix.length).includes('/');
}

async function storePicture(files: FileStore, form: MemberForm): Promise<string | undefined> {
  return form.picture ? saveProfilePicture(files, form.picture.bytes, form.picture.extension) : undefined;
}

export function memberRoutes(deps: AppDeps) {
  const { db, files } = deps;
  const auth = allow(db, teamLead);

  async function detailOf(caller: AuthState, memberId: string): Promise<MemberDetail> {
    const detail = await foundOr404(loadMemberDetail(db, memberId));
    return { ...detail, editable: await controlsAccount(db, caller, memberId) };
  }

  return new Hono<AppEnv>()
    .post(paths.addMember, auth, writesAccounts('create'), async (c) => {
      const form = await readMemberForm(c);
      const input = parseOr422(memberCreateSchema, form.fields, form.pictureErrors);
      await requireTeamAccess(db, c.get('auth'), input.teamId, 'edit');
      await requireReferences(db, input);
      await refuseTakenEmail(db, input.email);

      const passwordHash = await hashPassword(input.password);
      const picture = await storePicture(files, form);
      let memberId: string;
      try {
        memberId = await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              firstName: input.firstName,
              lastName: input.lastName,
              email: input.email,
              passwordHash,
              profilePicture: picture ?? null,
              requirePasswordReset: input.resetPassword,
              locationId: input.locationId || null,
              departmentId: input.departmentId || null,
              defaultTeamId: input.teamId,
            })
            .returning({ id: users.id });
          if (!user) throw new Error('Inserting a member returned nothing');
          const roleIds = [...new Set(input.roleId)];
          if (roleIds.length > 0) {
            await tx
              .insert(userMembershipRoles)
              .values(roleIds.map((roleId) => ({ userId: user.id, roleId })));
          }
          await tx.insert(teamMembers).values({ teamId: input.teamId, userId: user.id });
          return user.id;
        });
      } catch (error) {
        await deleteProfilePicture(files, picture);
        // Another request took the email between the check and the insert.
        if (isUniqueViolation(error)) throw duplicateEmail();
        throw error;
      }
      // The new member hears of the account: a sign-in link, or a set-password one when a reset is required.
      await mailWelcome(deps, memberId);
      const results = await detailOf(c.get('auth'), memberId);
      return c.json(
        {
          message: recordMessage(MEMBER, `${results.firstName} ${results.lastName}`, 'created'),
          results,
        } satisfies ApiSuccess<MemberDetail>,
        201,
      );
    })
    .get(
      paths.member(':memberId'),
      auth,
      vValidator('query', memberDetailQuerySchema, validationHook),
      async (c) => {
        const memberId = pathId(c.req.param('memberId'));
        const { team } = c.req.valid('query');
        const caller = c.get('auth');
        if (team) {
          await requireTeamAccess(db, caller, team, 'view');
          await requireTeamMember(db, team, memberId);
        } else {
          await foundOr404(loadMemberDetail(db, memberId));
          const allowed =
            (await leadsTeamOfMember(db, caller.userId, memberId)) ||
            (await administersTeams(db, caller, 'view'));
          if (!allowed) throw new ApiError(403, messages.forbidden);
        }
        return c.json({
          message: messages.userFetched,
          results: await detailOf(c.get('auth'), memberId),
        } satisfies ApiSuccess<MemberDetail>);
      },
    )
    .patch(paths.member(':memberId'), auth, writesAccounts('credentials'), async (c) => {
      const memberId = pathId(c.req.param('memberId'));
      const form = await readMemberForm(c);
      const input = parseOr422(memberUpdateSchema, form.fields, form.pictureErrors);
      await requireTeamAccess(db, c.get('auth'), input.teamId, 'edit');
      await requireTeamMember(db, input.teamId, memberId);
      // Members the caller may not manage are read-only to them, whatever the change.
      if (!(await controlsAccount(db, c.get('auth'), memberId))) throw new ApiError(403, messages.forbidden);

      const current = await detailOf(c.get('auth'), memberId);
      const stale = async () =>
        c.json(staleAnswer(await detailOf(c.get('auth'), memberId), memberMessages.staleVersion), 409);
      if (input.version !== undefined && input.version !== current.version) return stale();
      await requireReferences(db, input);
      if (input.email !== current.email.toLowerCase()) await refuseTakenEmail(db, input.email, memberId);

      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const picture = await storePicture(files, form);
      const nextPicture = picture ?? (input.removeProfilePicture ? null : current.profilePicture);
      const sameVersion: SQL | undefined =
        input.version === undefined ? undefined : eq(users.version, input.version);
      try {
        await db.transaction(async (tx) => {
          const updated = await tx
            .update(users)
            .set({
              firstName: input.firstName,
              lastName: input.lastName,
              email: input.email,
              locationId: input.locationId || null,
              departmentId: input.departmentId || null,
              requirePasswordReset: input.resetPassword,
              profilePicture: nextPicture,
              ...(passwordHash ? { passwordHash } : {}),
              updatedAt: sql`now()`,
              version: sql`${users.version} + 1`,
            })
            .where(and(eq(users.id, memberId), sameVersion))
            .returning({ id: users.id });
          if (updated.length === 0) throw new StaleVersion();
          await tx.delete(userMembershipRoles).where(eq(userMembershipRoles.userId, memberId));
          const roleIds = [...new Set(input.roleId)];
          if (roleIds.length > 0) {
            await tx
              .insert(userMembershipRoles)
              .values(roleIds.map((roleId) => ({ userId: memberId, roleId })));
          }
          // Whoever knew the old password, or reads the old address's mail, may still be signed in.
          if (passwordHash || input.email !== current.email.toLowerCase())
            await endSessionsAfterCredentialChange(tx, memberId, c.get('auth'));
        });
      } catch (error) {
        await deleteProfilePicture(files, picture);
        if (error instanceof StaleVersion) return stale();
        if (isUniqueViolation(error)) throw duplicateEmail();
        throw error;
      }
      if (nextPicture !== current.profilePicture) await deleteProfilePicture(files, current.profilePicture);
      const results = await detailOf(c.get('auth'), memberId);
      return c.json({
        message: recordMessage(MEMBER, `${results.firstName} ${results.lastName}`, 'updated'),
        results,
      } satisfies ApiSuccess<MemberDetail>);
    });
}
