import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { expandSidebar } from '@/lib/theme-store';
import { DeferredTooltip } from '../until-used/deferred-tooltip';

export type NavChild = { key: string; label: string; to: string };
export type NavEntry = { key: string; label: string; icon: ReactNode } & (
  | { to: string; children?: undefined }
  | { to?: undefined; children: NavChild[] }
);

type SidebarNavProps = {
  entries: NavEntry[];
  expanded: boolean;
  onNavigate: () => void;
};

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Links and groups of the sidebar; a collapsed sidebar shows icons with their label as a tooltip. */
export function SidebarNav({ entries, expanded, onNavigate }: SidebarNavProps) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        entries
          .filter((entry) => entry.children?.some((child) => isActive(pathname, child.to)))
          .map((e) => e.key),
      ),
  );

  function setGroup(key: string, opened: boolean) {
    setOpenGroups((current) => {
      const next = new Set(current);
      if (opened) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  return (
    <Stack gap={2}>
      {entries.map((entry) => {
        if (!entry.children) {
          const link = (
            <NavLink
              key={entry.key}
              component={Link}
              to={entry.to}
              label={expanded ? entry.label : undefined}
              aria-label={expanded ? undefined : entry.label}
              leftSection={entry.icon}
              active={isActive(pathname, entry.to)}
              onClick={onNavigate}
            />
          );
          return expanded ? (
            link
          ) : (
            <DeferredTooltip key={entry.key} label={entry.label} position="right">
              {link}
            </DeferredTooltip>
          );
        }

        const childActive = entry.children.some((child) => isActive(pathname, child.to));
        if (!expanded) {
          // No room for the children: open the sidebar with this group unfolded.
          return (
            <DeferredTooltip key={entry.key} label={entry.label} position="right">
              <NavLink
                component="button"
                aria-label={entry.label}
                leftSection={entry.icon}
                active={childActive}
                onClick={() => {
                  setGroup(entry.key, true);
                  expandSidebar();
                }}
              />
            </DeferredTooltip>
          );
        }
        return (
          <NavLink
            key={entry.key}
            component="button"
            label={entry.label}
            leftSection={entry.icon}
            opened={openGroups.has(entry.key)}
            onChange={(opened) => setGroup(entry.key, opened)}
            active={childActive && !openGroups.has(entry.key)}
          >
            {entry.children.map((child) => (
              <NavLink
                key={child.key}
                component={Link}
                to={child.to}
                label={child.label}
                active={isActive(pathname, child.to)}
                onClick={onNavigate}
              />
            ))}
          </NavLink>
        );
      })}
    </Stack>
  );
}
