import type { PortalMenuEntry } from '@contract/session';
import { Skeleton, Stack } from '@mantine/core';
import { IconBook, IconLayoutDashboard, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { type NavEntry, SidebarNav } from '@/ui/shell/sidebar-nav';
import { portalMenuQueryOptions } from './queries';
import { SignedInShell } from './signed-in-shell';

const icons: Record<string, ReactNode> = {
  'my-dashboard': <IconLayoutDashboard size={20} stroke={1.5} aria-hidden />,
  'learning-resources': <IconBook size={20} stroke={1.5} aria-hidden />,
  'team-dashboard': <IconUsersGroup size={20} stroke={1.5} aria-hidden />,
};

export function toPortalEntries(menu: PortalMenuEntry[]): NavEntry[] {
  return menu.map((entry) => {
    const icon = icons[entry.slug] ?? icons['my-dashboard'];
    if ('children' in entry)
      return {
        key: entry.slug,
        label: entry.name,
        icon,
        children: entry.children.map((child) => ({ key: child.slug, label: child.name, to: child.path })),
      };
    return { key: entry.slug, label: entry.name, icon, to: entry.path };
  });
}

/** The user portal: the same shell with the menu the server answers for the user. */
export function PortalLayout() {
  const menu = useQuery(portalMenuQueryOptions());
  return (
    <SignedInShell
      sidebar={({ expanded, onNavigate }) =>
        !menu.isPending ? (
          <SidebarNav
            entries={toPortalEntries(menu.data ?? [])}
            expanded={expanded}
            onNavigate={onNavigate}
          />
        ) : (
          <Stack gap="xs" aria-hidden>
            <Skeleton height={32} />
            <Skeleton height={32} />
            <Skeleton height={32} />
          </Stack>
        )
      }
    >
      <Outlet />
    </SignedInShell>
  );
}
