import type { MyTraining } from '@contract/course-assignments/resource';
import { EXPIRING_SOON_DAYS } from '@contract/learning/resource';
import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageTitle } from '@/ui/page-title';
import { isNetworkFailure, QueryStatus } from '@/ui/query-status';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { ChecklistsSection } from './checklists-section';
import { expiringSoon } from './expiring';
import { ExpiringList } from './expiring-list';
import { MyEventsSection } from './my-events-section';
import { myTrainingOptions } from './queries';
import { TrainingCard } from './training-card';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Trainings({ trainings, empty }: { trainings: MyTraining[]; empty: string }) {
  if (trainings.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {trainings.map((training) => (
        <TrainingCard key={training._id} training={training} />
      ))}
    </SimpleGrid>
  );
}

/**
 * My Dashboard: the greeting, then what the learner must do (assigned trainings, overdue first as
 * the server orders them), their events, their checklists, what is suggested to them, and completed courses that will soon be due
 * again. Saved on the device, so it opens offline too.
 */
export function LearnerDashboardScreen() {
  const query = useQuery(myTrainingOptions());
  const data = query.data;
  const expiring = data ? expiringSoon(data) : [];
  return (
    <Stack gap="lg">
      <PageTitle>Welcome to the User Portal.</PageTitle>
      {data ? (
        <>
          <SavedDataNotice updatedAt={query.dataUpdatedAt} networkFailed={isNetworkFailure(query.error)} />
          <Section id="assigned-training-title" title="Assigned training">
            <Trainings trainings={data.assigned} empty="Nothing is assigned to you right now." />
          </Section>
          <Section id="my-events-title" title="My Events">
            <MyEventsSection />
          </Section>
          <Section id="checklists-title" title="Checklists">
            <ChecklistsSection />
          </Section>
          <Section id="expiring-soon-title" title="Expiring soon">
            {expiring.length > 0 ? (
              <ExpiringList courses={expiring} />
            ) : (
              <Text c="dimmed">
                None of your completed courses expires in the next {EXPIRING_SOON_DAYS} days.
              </Text>
            )}
          </Section>
          <Section id="suggested-training-title" title="Suggested training">
            <Trainings trainings={data.suggested} empty="No training is suggested to you right now." />
          </Section>
          <div>
            <Button
              variant="default"
              renderRoot={(props) => <Link {...props} to="/user-portal/learning-process/training" />}
            >
              Browse all courses
            </Button>
          </div>
        </>
      ) : (
        <QueryStatus query={query} label="Loading your training..." />
      )}
    </Stack>
  );
}
