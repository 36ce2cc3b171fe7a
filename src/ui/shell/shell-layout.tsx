import { ActionIcon, AppShell, rem, ScrollArea, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { type ReactNode, Suspense } from 'react';
import { toggleSidebar, useTheme } from '@/lib/theme-store';
import { FullScreenLoader } from '../full-screen-loader';
import { TopBar } from './top-bar';

/** Sidebar widths of spec 2: 64 spacing units expanded, 16 collapsed (icons only). */
const EXPANDED_WIDTH = rem(256);
const COLLAPSED_WIDTH = rem(64);

export type SidebarRenderProps = {
  /** Labels are shown; false on a collapsed desktop sidebar. */
  expanded: boolean;
  /** Call after following a link, to close the sidebar drawer on small screens. */
  onNavigate: () => void;
};

type ShellLayoutProps = {
  sidebar: (props: SidebarRenderProps) => ReactNode;
  /** The right side of the top bar (profile menu). */
  actions: ReactNode;
  children: ReactNode;
};

/** The signed-in frame shared by the administration area and the user portal. */
export function ShellLayout({ sidebar, actions, children }: ShellLayoutProps) {
  const isCollapse = useTheme((state) => state.isCollapse);
  const [mobileOpened, mobile] = useDisclosure(false);
  // Below the `sm` breakpoint the sidebar is a drawer over the page, always with labels.
  const isSmallScreen = useMediaQuery('(max-width: 47.99em)') ?? false;
  const expanded = isCollapse || isSmallScreen;
  const SidebarIcon = isCollapse ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;
  const sidebarLabel = isCollapse ? 'Collapse sidebar' : 'Expand sidebar';

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: isCollapse ? EXPANDED_WIDTH : COLLAPSED_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar mobileOpened={mobileOpened} onToggleMobile={mobile.toggle} actions={actions} />
      </AppShell.Header>
      <AppShell.Navbar aria-label="Sidebar" data-expanded={expanded} p="xs">
        <AppShell.Section visibleFrom="sm" mb="xs">
          <Tooltip label={sidebarLabel} position="right">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={sidebarLabel}
              onClick={toggleSidebar}
            >
              <SidebarIcon size={20} stroke={1.5} />
            </ActionIcon>
          </Tooltip>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea} scrollbars="y">
          {sidebar({ expanded, onNavigate: mobile.close })}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
