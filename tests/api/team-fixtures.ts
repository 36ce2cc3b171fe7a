import { eq } from 'drizzle-orm';
import type { TeamMemberCard } from '../../contract/team-dashboard.ts';
import type { Database } from '../../server/db/client.ts';
import { checklistAssignments } from '../../server/db/schema/checklists.ts';
import { teamMembers, teams } from '../../server/db/schema/teams.ts';
import { users } from '../../server/db/schema/users.ts';
import { loadOracle } from './assignment-oracle.ts';

export async function teamIds(db: Database) {
  const rows = await db.select({ id: teams.id, title: teams.title }).from(teams);
  const id = (title: string) => rows.find((row) => row.title === title)?.id as string;
  return { growth: id('Growth Team'), enterprise: id('Enterprise Team'), freedom: id('Freedom Team') };
}

const percent = (done: number, of: number) => (of === 0 ? 0 : Math.round((100 * done) / of));

/**
 * The cards of a team's members computed here from whole tables, written plainly and apart from
 * the server's SQL, following the semantics in server/db/progress.ts.
 */
export async function expectedCards(
  db: Database,
  teamId: string,
  now = new Date(),
): Promise<TeamMemberCard[]> {
  const [oracle, memberships, checklists, people] = await Promise.all([
    loadOracle(db),
    db.select().from(teamMembers),
    db.select().from(checklistAssignments),
    db.select().from(users),
  ]);
  const learnersOf = new Map(oracle.assignments.map((a) => [a.id, oracle.learners(a.id)]));
  const memberIds = memberships.filter((row) => row.teamId === teamId).map((row) => row.userId);
  return memberIds.map((userId) => {
    const user = people.find((person) => person.id === userId);
    if (!user) throw new Error(`No user ${userId}`);
    const assigned = new Set<string>();
    const done = new Set<string>();
    for (const a of oracle.assignments.filter((row) => row.kind === 'assigned')) {
      const assignedAt = learnersOf.get(a.id)?.get(userId);
      if (!assignedAt) continue;
      for (const course of oracle.states(a.id, userId, assignedAt, now)) {
        assigned.add(course.courseId);
        if (course.state === 'completed') done.add(course.courseId);
      }
    }
    const completed = done.size;
    const mine = checklists.filter((row) => row.userId === userId);
    const ticked = mine.filter((row) => row.completedAt !== null).length;
    return {
      _id: userId,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      profilePicture: user.profilePicture,
      coursesAssigned: assigned.size,
      coursesCompleted: completed,
      courseProgress: percent(completed, assigned.size),
      checklistsAssigned: mine.length,
      checklistsCompleted: ticked,
      checklistProgress: percent(ticked, mine.length),
    };
  });
}

/** Name order of the list: last name, first name (case-insensitive), then id. */
export function byName(a: TeamMemberCard, b: TeamMemberCard): number {
  const keys = (card: TeamMemberCard) => [
    card.lastName.toLowerCase(),
    card.firstName.toLowerCase(),
    card._id,
  ];
  const [left, right] = [keys(a), keys(b)];
  for (let index = 0; index < left.length; index += 1) {
    if ((left[index] as string) < (right[index] as string)) return -1;
    if ((left[index] as string) > (right[index] as string)) return 1;
  }
  return 0;
}

export async function memberIdsOf(db: Database, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(teamMembers.userId);
  return rows.map((row) => row.userId);
}

/** Smallest real images of each accepted type, and text that merely claims to be one. */
export const images = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  jpeg: Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
    0x01, 0x00, 0x00, 0xff, 0xd9,
  ]),
  text: Buffer.from('this is not an image\n'),
};
