import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { syncOnlineState } from '@/lib/online-state';
import { defaultTeamId, leadsTeam, organizationsQueryOptions } from '../organization-queries';
import type { AssignTrainingSearch } from '../search';
import { trainingQueryOptions } from '../training-queries';

/**
 * Loads the assign-training form: the team (the default organization when missing or not the user's)
 * and, to edit, the training. Offline nothing is requested; the screen reads what was saved.
 */
export async function loadAssignTraining(queryClient: QueryClient, search: AssignTrainingSearch) {
  if (!syncOnlineState()) return;
  const organizations = await queryClient.ensureQueryData(organizationsQueryOptions()).catch(() => null);
  if (!organizations) return;
  if (!leadsTeam(organizations, search.team)) {
    const team = defaultTeamId(organizations);
    if (team) {
      throw redirect({
        to: '/app/team-dashboard/assign-new-training',
        search: { ...search, team },
        replace: true,
      });
    }
    return;
  }
  if (search.trainingId) {
    await queryClient.ensureQueryData(trainingQueryOptions(search.trainingId)).catch(() => undefined);
  }
}
