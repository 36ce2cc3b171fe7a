import { eq } from 'drizzle-orm';
import type { TeamMemberCard } from '../../contract/team-dashboard.ts';
import type { Database } from '../../server/db/client.ts';
import { checklistActivities, checklistRecords, checklists } from '../../server/db/schema/checklists.ts';
import { courseOutlineItems } from '../../server/db/schema/courses.ts';
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
  const [oracle, memberships, people, outline, published, activities, records] = await Promise.all([
    loadOracle(db),
    db.select().from(teamMembers),
    db.select().from(users),
    db.select().from(courseOutlineItems),
    db.select().from(checklists),
    db.select().from(checklistActivities),
    db.select().from(checklistRecords),
  ]);
  // A checklist is done while each item that counts (the required ones, or all when none is) has a standing done record.
  const checklistDone = (userId: string, checklistId: string) => {
    const items = activities.filter((item) => item.checklistId === checklistId);
    const counted = items.some((item) => item.required) ? items.filter((item) => item.required) : items;
    return counted.every((item) =>
      records.some(
        (record) =>
          record.userId === userId &&
          record.activityId === item.id &&
          record.action === 'done' &&
          record.withdrawnAt === null,
      ),
    );
  };
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
    // Their checklists: the published ones of the outlines of the courses assigned to them.
    const mine = new Set(
      outline
        .filter((item) => item.checklistId !== null && assigned.has(item.courseId))
        .map((item) => item.checklistId as string)
        .filter((id) => published.some((checklist) => checklist.id === id && checklist.status)),
    );
    const ticked = [...mine].filter((id) => checklistDone(userId, id)).length;
    return {
      _id: userId,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      profilePicture: user.profilePicture,
      coursesAssigned: assigned.size,
      coursesCompleted: completed,
      courseProgress: percent(completed, assigned.size),
      checklistsAssigned: mine.size,
      checklistsCompleted: ticked,
      checklistProgress: percent(ticked, mine.size),
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

/**
 * The checklists the users completed and stand done, computed here from whole tables: completed at
 * the latest of the counting items' first standing done record (server/db/checklist-progress.ts).
 */
export async function expectedChecklistCompletions(db: Database, userIds: string[]) {
  const [activities, records] = await Promise.all([
    db.select().from(checklistActivities),
    db.select().from(checklistRecords),
  ]);
  const standing = records.filter(
    (record) => userIds.includes(record.userId) && record.action === 'done' && record.withdrawnAt === null,
  );
  const pairs = new Set(
    records.filter((record) => userIds.includes(record.userId)).map((r) => `${r.userId} ${r.checklistId}`),
  );
  return [...pairs].flatMap((pair) => {
    const [userId, checklistId] = pair.split(' ') as [string, string];
    const items = activities.filter((item) => item.checklistId === checklistId);
    const counted = items.some((item) => item.required) ? items.filter((item) => item.required) : items;
    const firsts = counted.map((item) =>
      Math.min(
        ...standing
          .filter((record) => record.userId === userId && record.activityId === item.id)
          .map((record) => record.doneAt.getTime()),
      ),
    );
    if (counted.length === 0 || firsts.some((at) => !Number.isFinite(at))) return [];
    return [{ userId, checklistId, completedAt: new Date(Math.max(...firsts)) }];
  });
}
