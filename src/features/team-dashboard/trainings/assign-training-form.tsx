import type { CourseAssignmentDetail } from '@contract/course-assignments/resource';
import { Button, Paper } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { memberChoicePages } from '../member-queries';
import { courseChoicePages } from '../training-queries';
import { AssignToField, DeadlineField } from './training-fields';
import { recordOptions, type TrainingFormValues } from './training-form-values';
import { useTrainingForm } from './use-training-form';

type AssignTrainingFormProps = {
  teamId: string;
  initialValues: TrainingFormValues;
  record?: CourseAssignmentDetail;
  onCurrentRecord?: (training: CourseAssignmentDetail) => void;
};

export function AssignTrainingForm({
  teamId,
  initialValues,
  record,
  onCurrentRecord,
}: AssignTrainingFormProps) {
  const form = useTrainingForm({ initialValues, trainingId: record?._id, onCurrentRecord });
  const known = useMemo(() => recordOptions(record), [record]);
  const teamMemberChoices = useMemo(() => memberChoicePages(teamId), [teamId]);

  return (
    <Paper withBorder p="lg" maw={720}>
      <form.AppForm>
        <form.Form gap="md">
          <form.AppField name="title">
            {(field) => <field.TextField label="Training Title*" autoComplete="off" />}
          </form.AppField>
          <form.AppField name="courseIds">
            {(field) => (
              <field.RemoteMultiSelectField
                label="Courses*"
                placeholder="Search courses"
                nothingFound="No course found."
                known={known.courses}
                query={courseChoicePages}
                clearable
              />
            )}
          </form.AppField>
          <form.AppField name="assignTo">{() => <AssignToField />}</form.AppField>
          <form.Subscribe selector={(state) => state.values.assignTo}>
            {(assignTo) =>
              assignTo === 'some' ? (
                <form.AppField name="memberIds">
                  {(field) => (
                    <field.RemoteMultiSelectField
                      label="Members"
                      placeholder="Search members"
                      nothingFound="No member found."
                      known={known.members}
                      query={teamMemberChoices}
                      clearable
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
