import { Anchor, Box, Breadcrumbs, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';

const TRAINING = '/user-portal/learning-process/training';

/** The portal screens a course is opened from, by path, with the name the menu gives them. */
const screens: Record<string, string> = {
  '/user-portal/user-dashboard': 'My Dashboard',
  [TRAINING]: 'Training Resources',
  '/user-portal/team-dashboard': 'Team Dashboard',
};

/** Where the breadcrumb leads back to: the screen named by `from`, else Training Resources. */
export function backTo(from: string | undefined): { href: string; label: string } {
  const pathname = from?.split('?')[0] ?? '';
  const label = screens[pathname];
  return from && label ? { href: from, label } : { href: TRAINING, label: 'Training Resources' };
}

/** The player's breadcrumb: back to where the course was opened from, then the course. */
export function PlayerBreadcrumb({ from, courseName }: { from: string | undefined; courseName: string }) {
  const router = useRouter();
  const back = backTo(from);
  return (
    <Box component="nav" aria-label="Breadcrumb">
      <Breadcrumbs>
        <Anchor
          href={back.href}
          size="sm"
          onClick={(event) => {
            // A plain click stays in the app, search and page as they were; others open as a link does.
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
              return;
            event.preventDefault();
            router.history.push(back.href);
          }}
        >
          {back.label}
        </Anchor>
        <Text size="sm">{courseName}</Text>
      </Breadcrumbs>
    </Box>
  );
}
