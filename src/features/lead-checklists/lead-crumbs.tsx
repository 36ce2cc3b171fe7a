import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

type Crumb = { label: string; memberId?: string };

/**
 * Team Dashboard > the member's checklists > the page. A crumb with `memberId` leads back to that
 * member's checklists; the last crumb is the page itself.
 */
export function LeadCrumbs({ teamId, crumbs }: { teamId: string; crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs mb="xs" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor
          size="sm"
          renderRoot={(props) => (
            <Link to="/user-portal/team-dashboard" search={{ team: teamId }} {...props} />
          )}
        >
          Team Dashboard
        </Anchor>
        {crumbs.map((crumb, index) =>
          index < crumbs.length - 1 && crumb.memberId ? (
            <Anchor
              key={crumb.label}
              size="sm"
              renderRoot={(props) => (
                <Link
                  to="/user-portal/team-dashboard/members/checklists/$memberId/$teamId"
                  params={{ memberId: crumb.memberId as string, teamId }}
                  {...props}
                />
              )}
            >
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label} size="sm" aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
