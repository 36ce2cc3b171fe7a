import { Anchor, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';
import { isNetworkFailure, QueryStatus } from '@/ui/query-status';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { observingOptions } from './queries';

/** The checklists the user is named observer of, each with its learners' progress; each learner opens their checklist. */
export function ObservingScreen() {
  const query = useQuery(observingOptions());
  const checklists = query.data;
  return (
    <Stack gap="md">
      <PageTitle>Checklists you observe</PageTitle>
      {checklists ? (
        <>
          <SavedDataNotice updatedAt={query.dataUpdatedAt} networkFailed={isNetworkFailure(query.error)} />
          {checklists.length === 0 && <Text c="dimmed">You are not named observer of any checklist.</Text>}
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {checklists.map((checklist) => (
              <Card
                key={checklist._id}
                withBorder
                padding="md"
                radius="md"
                component="article"
                aria-labelledby={`observed-${checklist._id}`}
              >
                <Stack gap="sm">
                  <Title order={2} size="h4" id={`observed-${checklist._id}`}>
                    {checklist.title}
                  </Title>
                  {checklist.learners.length === 0 && (
                    <Text size="sm" c="dimmed">
                      No learner holds this checklist yet.
                    </Text>
                  )}
                  <Stack
                    gap="sm"
                    component="ul"
                    m={0}
                    p={0}
                    style={{ listStyle: 'none' }}
                    aria-label="Learners"
                  >
                    {checklist.learners.map((learner) => (
                      <Stack component="li" key={learner._id} gap={4}>
                        <Anchor
                          fw={600}
                          size="sm"
                          renderRoot={(props) => (
                            <Link
                              {...props}
                              to="/user-portal/observing/$checklistId/$learnerId"
                              params={{ checklistId: checklist._id, learnerId: learner._id }}
                            />
                          )}
                        >
                          {learner.name}
                        </Anchor>
                        <Group gap="sm" wrap="nowrap">
                          <Progress
                            value={learner.percent}
                            flex={1}
                            aria-label={`${learner.name} progress: ${learner.percent}%`}
                          />
                          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                            {learner.done} of {learner.total} done
                          </Text>
                        </Group>
                      </Stack>
                    ))}
                  </Stack>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </>
      ) : (
        <QueryStatus query={query} label="Loading the checklists you observe..." />
      )}
    </Stack>
  );
}
