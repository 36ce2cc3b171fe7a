import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { isApiError } from '@/lib/api-error';
import { type QueryLike, QueryStatus } from '@/ui/query-status';

/**
 * In place of a member's checklists that did not come: a member who is not in the team, or a
 * checklist that is not part of their training (404), says so with the way back to the team; any
 * other state is the shared one (loading, not saved for offline use, an error to retry).
 */
export function ReadState({ query, teamId, label }: { query: QueryLike; teamId: string; label: string }) {
  if (query.data === undefined && isApiError(query.error) && query.error.status === 404)
    return (
      <Alert color="gray" title="Nothing to show here" role="alert">
        <Text size="sm">{query.error.message}</Text>
        <Text size="sm" mt="xs">
          The member may have left the team, or the checklist is no longer part of their training.{' '}
          <Anchor
            size="sm"
            renderRoot={(props) => (
              <Link to="/user-portal/team-dashboard" search={{ team: teamId }} {...props} />
            )}
          >
            Back to the team
          </Anchor>
        </Text>
      </Alert>
    );
  return <QueryStatus query={query} label={label} />;
}
