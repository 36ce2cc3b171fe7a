import type { AssignedTrainingDetail } from '@contract/training';
import { Button, Paper } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { RemoteMultiSelect } from './remote-multi-select';
import { AssignToField, courseChoices, DeadlineField, memberChoices } from './training-fields';
import { recordOptions, type TrainingFormValues } from './training-form-values';
import { useTrainingForm } from './use-training-form';

type AssignTrainingFormProps = {
  teamId: string;
  initialValues: TrainingFormValues;
  record?: AssignedTrainingDetail;
  reload?: () => Promise<AssignedTrainingDetail>;
};

export function AssignTrainingForm({ teamId, initialValues, record, reload }: AssignTrainingFormProps) {
  const form = useTrainingForm({ initialValues, trainingId: record?._id, reload });
  const known = useMemo(() => recordOptions(record), [record]);
  const teamMemberChoices = useMemo(() => memberChoices(teamId), [teamId]);

  return (
    <Paper withBorder p="lg" maw={720}>
      <form.AppForm>
        <form.Form gap="md">
          <form.AppField name="trainingTitle">
            {(field) => <field.TextField label="Training Title*" autoComplete="off" />}
          </form.AppField>
          <form.AppField name="courseIds">
            {() => (
              <RemoteMultiSelect
                label="Courses*"
                placeholder="Search courses"
                nothingFound="No course found."
                initialOptions={known.courses}
                optionsQuery={courseChoices}
              />
            )}
          </form.AppField>
          <form.AppField name="assignTo">{() => <AssignToField />}</form.AppField>
          <form.Subscribe selector={(state) => state.values.assignTo}>
            {(assignTo) =>
              assignTo === 'some' ? (
                <form.AppField name="memberIds">
                  {() => (
                    <RemoteMultiSelect
                      label="Members"
                      placeholder="Search members"
                      nothingFound="No member found."
                      initialOptions={known.members}
                      optionsQuery={teamMemberChoices}
                    />
                  )}
                </form.AppField>
              ) : null
            }
          </form.Subscribe>
          <form.AppField name="deadline">{() => <DeadlineField />}</form.AppField>
          <form.SaveButtons editing={record !== undefined} mt="sm">
            <Button
              variant="default"
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/user-portal/team-dashboard"
                  search={{ team: teamId, activeTab: 'trainings' }}
                />
              )}
            >
              Cancel
            </Button>
          </form.SaveButtons>
        </form.Form>
      </form.AppForm>
    </Paper>
  );
}
