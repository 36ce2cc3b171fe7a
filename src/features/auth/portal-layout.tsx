import { IconBook, IconLayoutDashboard, IconUsersGroup } from '@tabler/icons-react';
import { Outlet } from '@tanstack/react-router';
import { type NavEntry, SidebarNav } from '@/ui/shell/sidebar-nav';
import { SignedInShell } from './signed-in-shell';

const portalEntries: NavEntry[] = [
  {
    key: 'my-dashboard',
    label: 'My Dashboard',
    icon: <IconLayoutDashboard size={20} stroke={1.5} aria-hidden />,
    to: '/user-portal/user-dashboard',
  },
  {
    key: 'learning-resources',
    label: 'Learning Resources',
    icon: <IconBook size={20} stroke={1.5} aria-hidden />,
    children: [
      { key: 'training', label: 'Training Resources', to: '/user-portal/learning-process/training' },
    ],
  },
  {
    key: 'team-dashboard',
    label: 'Team Dashboard',
    icon: <IconUsersGroup size={20} stroke={1.5} aria-hidden />,
    to: '/user-portal/team-dashboard',
  },
];

/** The user portal: the same shell with a fixed menu. */
export function PortalLayout() {
  return (
    <SignedInShell
      sidebar={({ expanded, onNavigate }) => (
        <SidebarNav entries={portalEntries} expanded={expanded} onNavigate={onNavigate} />
      )}
    >
      <Outlet />
    </SignedInShell>
  );
}
