import { Grid, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Navigate } from '@tanstack/react-router';
import { lazy } from 'react';
import { LazyPanel, PanelLoader, useSecondPass } from '@/ui/lazy-mount';
import { PageTitle } from '@/ui/page-title';
import { QueryStatus } from '@/ui/query-status';
import { MembersTab } from './members/members-tab';
import { OrganizationPicker } from './organization-picker';
import { defaultTeamId, leadsTeam, organizationsQueryOptions } from './organization-queries';
import { DASHBOARD_TABS, type DashboardTab, TAB_LABELS } from './search';
import { TeamReportCard } from './team-report/team-report-card';

// The other tabs (the training table with its date pickers, the event cards) load when first
// opened, so the Team Members tab a lead lands on does not wait for their code.
const TrainingsTab = lazy(() =>
  import('./trainings/trainings-tab').then((module) => ({ default: module.TrainingsTab })),
);
const EventsTab = lazy(() => import('./events-tab').then((module) => ({ default: module.EventsTab })));

const route = getRouteApi('/user-portal/team-dashboard/');

function isTab(value: string | null): value is DashboardTab {
  return DASHBOARD_TABS.includes(value as DashboardTab);
}

/**
 * The team dashboard: organization picker, the three tabs and the Team Report beside them.
 * Reads with useQuery rather than useSuspenseQuery: offline, a read that was never saved pauses,
 * and a suspended screen would wait forever instead of saying so.
 */
export function TeamDashboardScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const organizations = useQuery(organizationsQueryOptions());
  const list = organizations.data;
  // The member cards and the Team Report render just after the frame (see useSecondPass).
  const full = useSecondPass();

  if (!list) {
    return (
      <>
        <PageTitle>Team Dashboard</PageTitle>
        <QueryStatus query={organizations} />
      </>
    );
  }
  if (!leadsTeam(list, search.team)) {
    const team = defaultTeamId(list);
    if (team) return <Navigate to="." search={(prev) => ({ ...prev, team })} replace />;
    return (
      <>
        <PageTitle>Team Dashboard</PageTitle>
        <Text c="dimmed">You do not lead a team yet. Teams you lead will appear here.</Text>
      </>
    );
  }
  const team = search.team;

  return (
    <Stack gap="md">
      <PageTitle>Team Dashboard</PageTitle>
      <OrganizationPicker
        organizations={list}
        value={team}
        onChange={(next) =>
          void navigate({ search: (prev) => ({ ...prev, team: next, page: 1, search: '' }) })
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Tabs
            value={search.activeTab}
            onChange={(tab) => {
              if (isTab(tab)) void navigate({ search: (prev) => ({ ...prev, activeTab: tab }) });
            }}
            keepMounted={false}
          >
            {/* One line on a phone: narrower tabs, and a list that scrolls rather than wraps. */}
            <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
              {DASHBOARD_TABS.map((tab) => (
                <Tabs.Tab
                  key={tab}
                  value={tab}
                  px={{ base: 8, sm: 'md' }}
                  fz={{ base: 13, xs: 'sm' }}
                  style={{ flexShrink: 0 }}
                >
                  {TAB_LABELS[tab]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="team-member">
              {full ? <MembersTab teamId={team} /> : <PanelLoader />}
            </Tabs.Panel>
            <Tabs.Panel value="trainings">
              <LazyPanel>
                <TrainingsTab key={team} teamId={team} />
              </LazyPanel>
            </Tabs.Panel>
            <Tabs.Panel value="events">
              <LazyPanel>
                <EventsTab />
              </LazyPanel>
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>{full ? <TeamReportCard teamId={team} /> : null}</Grid.Col>
      </Grid>
    </Stack>
  );
}
