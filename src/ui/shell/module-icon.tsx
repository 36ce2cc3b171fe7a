import {
  IconBook,
  IconCalendarEvent,
  IconFolder,
  IconLayoutDashboard,
  IconSchool,
  IconSettings,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';

/**
 * The sidebar answer names each module's icon as a string; only these icons are bundled, so the
 * shell never pulls in the whole icon set. An unknown name gets a folder.
 */
const icons = {
  dashboard: IconLayoutDashboard,
  users: IconUsers,
  'user-management': IconUsers,
  book: IconBook,
  books: IconBook,
  'content-management': IconBook,
  calendar: IconCalendarEvent,
  'calendar-event': IconCalendarEvent,
  'event-management': IconCalendarEvent,
  team: IconUsersGroup,
  'team-dashboard': IconUsersGroup,
  school: IconSchool,
  settings: IconSettings,
} as const;

export function ModuleIcon({ name, fallback }: { name: string; fallback?: string }) {
  const Icon =
    icons[name as keyof typeof icons] ??
    (fallback ? icons[fallback as keyof typeof icons] : undefined) ??
    IconFolder;
  return <Icon size={20} stroke={1.5} aria-hidden />;
}
