import { ActionIcon, AppShell, Overlay, rem } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { type ReactNode, Suspense } from 'react';
import { toggleSidebar, useTheme } from '@/lib/theme-store';
import { FullScreenLoader } from '../full-screen-loader';
import { useBelow } from '../responsive';
import { DeferredTooltip } from '../until-used/deferred-tooltip';
import { TopBar } from './top-bar';

/** Sidebar widths of spec 2: 64 spacing units expanded, 16 collapsed (icons only). */
const EXPANDED_WIDTH = rem(256);
const COLLAPSED_WIDTH = rem(64);
/** How the sidebar (a drawer on a phone) slides in and out, and the page beside it makes room. */
const SLIDE = { transitionDuration: '200ms' } as const;
/** The drawer of a tablet or a phone: the expanded width with room for longer labels, never the whole screen. */
const DRAWER_MAX_WIDTH = rem(320);

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

/**
 * The signed-in frame shared by the administration area and the user portal. Below the `md`
 * breakpoint (a tablet, a phone) the sidebar is a drawer over the page, opened by the burger and
 * closed by a link, a tap beside it or Escape; the page keeps the whole width. From `md` up it is
 * the spec's collapsible sidebar.
 */
export function ShellLayout({ sidebar, actions, children }: ShellLayoutProps) {
  const isCollapse = useTheme((state) => state.isCollapse);
  const [mobileOpened, mobile] = useDisclosure(false);
  const isSmallScreen = useBelow('md');
  const drawerOpened = isSmallScreen && mobileOpened;
  const expanded = isCollapse || isSmallScreen;
  const SidebarIcon = isCollapse ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;
  const sidebarLabel = isCollapse ? 'Collapse sidebar' : 'Expand sidebar';
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape' && drawerOpened) mobile.close();
  });

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: isCollapse ? EXPANDED_WIDTH : COLLAPSED_WIDTH,
        breakpoint: 'md',
        collapsed: { mobile: !mobileOpened },
      }}
      padding={{ base: 'sm', sm: 'md' }}
      // Mantine marks the shell as resizing as it mounts and on every window resize (a phone's
      // address bar showing or hiding is one), and unmarks it soon after. The mark sets the shell's
      // transition variable on its root, so each change of it restyled the whole page (some 50 ms
      // on a phone's first load). The mark is set for good here (the attribute given wins over
      // Mantine's), so it never changes; the sidebar and the page take their slide from SLIDE.
      data-resizing
    >
      <AppShell.Header>
        <TopBar mobileOpened={mobileOpened} onToggleMobile={mobile.toggle} actions={actions} />
      </AppShell.Header>
      <AppShell.Navbar
        style={SLIDE}
        aria-label="Sidebar"
        data-expanded={expanded}
        p="xs"
        maw={DRAWER_MAX_WIDTH}
        // A closed drawer is off screen: its links must not take keyboard focus either.
        inert={isSmallScreen && !mobileOpened}
      >
        {/* Only a desktop sidebar collapses: a drawer has no toggle (nor its tooltip to render). */}
        {isSmallScreen ? null : (
          <AppShell.Section mb="xs">
            <DeferredTooltip label={sidebarLabel} position="right">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={sidebarLabel}
                onClick={toggleSidebar}
              >
                <SidebarIcon size={20} stroke={1.5} />
              </ActionIcon>
            </DeferredTooltip>
          </AppShell.Section>
        )}
        {/* The browser's own scrolling: Mantine's ScrollArea brought its positioning library into
            every screen's first load for a merged ref. */}
        <AppShell.Section grow style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
          {sidebar({ expanded, onNavigate: mobile.close })}
        </AppShell.Section>
      </AppShell.Navbar>
      {drawerOpened ? <Overlay fixed zIndex={99} backgroundOpacity={0.35} onClick={mobile.close} /> : null}
      <AppShell.Main style={SLIDE}>
        <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
