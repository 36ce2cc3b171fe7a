import type { SidebarModule } from '@contract/session';
import { Skeleton, Stack } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { ModuleIcon } from '@/ui/shell/module-icon';
import { type NavEntry, SidebarNav } from '@/ui/shell/sidebar-nav';
import { sidebarQueryOptions } from './queries';
import { SignedInShell } from './signed-in-shell';

const dashboardEntry: NavEntry = {
  key: 'dashboard',
  label: 'Dashboard',
  icon: <IconLayoutDashboard size={20} stroke={1.5} aria-hidden />,
  to: '/app/dashboard',
};

/** Menu paths from the server are absolute; a relative one is taken as under /app. */
function appPath(path: string): string {
  return path.startsWith('/') ? path : `/app/${path}`;
}

export function toNavEntries(modules: SidebarModule[]): NavEntry[] {
  return modules.map((module) => ({
    key: module._id,
    label: module.name,
    icon: <ModuleIcon name={module.icon} fallback={module.slug} />,
    children: module.children.map((child) => ({
      key: child._id,
      label: child.name,
      to: appPath(child.path),
    })),
  }));
}

/** The administration area: the shell with the menu the server builds for the user's role. */
export function AdminLayout() {
  const sidebar = useQuery(sidebarQueryOptions());
  const entries = [dashboardEntry, ...toNavEntries(sidebar.data ?? [])];

  return (
    <SignedInShell
      sidebar={({ expanded, onNavigate }) => (
        <>
          <SidebarNav
            // Remount once the menu arrives so groups holding the current page start open.
            key={sidebar.data ? 'loaded' : 'loading'}
            entries={entries}
            expanded={expanded}
            onNavigate={onNavigate}
          />
          {sidebar.isPending ? (
            <Stack gap="xs" mt="xs" aria-hidden>
              <Skeleton height={32} />
              <Skeleton height={32} />
              <Skeleton height={32} />
            </Stack>
          ) : null}
        </>
      )}
    >
      <Outlet />
    </SignedInShell>
  );
}
