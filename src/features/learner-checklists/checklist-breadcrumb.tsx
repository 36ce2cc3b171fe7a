import { Anchor, Box, Breadcrumbs, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

type Crumb = { label: string; to: '/user-portal/user-dashboard' | '/user-portal/observing' };

/** Back to the screen the checklist is listed on, then the checklist. */
export function ChecklistBreadcrumb({ back, title }: { back: Crumb; title: string }) {
  return (
    <Box component="nav" aria-label="Breadcrumb">
      <Breadcrumbs>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to={back.to} />}>
          {back.label}
        </Anchor>
        <Text size="sm">{title}</Text>
      </Breadcrumbs>
    </Box>
  );
}
