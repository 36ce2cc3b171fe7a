import { courseAssignmentArea } from '../../contract/course-assignments/resource.ts';
import { courseResource } from '../../contract/courses/resource.ts';
import type { Database } from '../db/client.ts';
import type { AuthState } from '../http/app-env.ts';
import { ApiError } from '../http/errors.ts';
import { requireDashboardUser } from '../http/team-access.ts';
import { roleAllows } from './require-permission.ts';

/**
 * Whether the caller may pick any enabled course: an administrator who manages courses or course
 * assignments, and whoever assigns courses from a team dashboard (a team's lead, an administrator
 * who manages teams), as the assignment forms' course options decide
 * (server/modules/course-assignments/course-options.ts). Anyone else picks only among the courses
 * they may take themselves.
 */
export async function picksAnyCourse(db: Database, auth: AuthState): Promise<boolean> {
  const role = auth.administrativeRoleId;
  for (const area of [courseResource, courseAssignmentArea])
    if (role && (await roleAllows(db, role, area.module, area.submodule, 'view'))) return true;
  return requireDashboardUser(db, auth).then(
    () => true,
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 403) return false;
      throw error;
    },
  );
}
