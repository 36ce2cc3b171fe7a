import {
  ASSIGNEE_KIND_LABELS,
  ASSIGNEE_KINDS,
  ASSIGNMENT_KIND_LABELS,
  ASSIGNMENT_KINDS,
  type AssigneeKind,
  type CourseAssignmentDetail,
} from '@contract/course-assignments/resource';
import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { ExpiryFields } from './expiry-fields';
import { ChoiceField, DayField, WholeNumberField } from './field-inputs';
import type { DeadlineMode } from './form-values';
import { type Option, recordChoices } from './form-values';
import { NothingToTakeWarning } from './nothing-to-take-warning';
import { assigneeChoicePages, courseChoicePages } from './queries';
import type { AssignmentForm } from './use-assignment-form';

const kindChoices = ASSIGNMENT_KINDS.map((value) => ({ value, label: ASSIGNMENT_KIND_LABELS[value] }));
const assigneeKindChoices = ASSIGNEE_KINDS.map((value) => ({ value, label: ASSIGNEE_KIND_LABELS[value] }));
const deadlineChoices: { value: DeadlineMode; label: string }[] = [
  { value: 'none', label: 'No deadline' },
  { value: 'date', label: 'By a date' },
  { value: 'within', label: 'Within days of being assigned' },
];
const pickerText: Record<AssigneeKind, { placeholder: string; nothingFound: string }> = {
  users: { placeholder: 'Search users', nothingFound: 'No user found.' },
  groups: { placeholder: 'Search user groups', nothingFound: 'No user group found.' },
  teams: { placeholder: 'Search teams', nothingFound: 'No team found.' },
};

type AssignmentFieldsProps = {
  form: AssignmentForm;
  /** Editing: the record, whose courses and assignees the pickers name at once. */
  record?: CourseAssignmentDetail;
  /** Courses chosen before the form opened (from a course's Assign), named at once too. */
  knownCourses?: Option[];
  disabled: boolean;
};

/** The assignment form's fields, with the contract's messages under each. */
export function AssignmentFields({ form, record, knownCourses, disabled }: AssignmentFieldsProps) {
  const known = useMemo(() => recordChoices(record), [record]);
  const courseChoices = useMemo(() => [...known.courses, ...(knownCourses ?? [])], [known, knownCourses]);
  return (
    <Stack gap="md" maw={720}>
      <form.AppField name="title">
        {(field) => <field.TextField label="Title" required autoComplete="off" disabled={disabled} />}
      </form.AppField>
      <form.AppField name="kind">{() => <ChoiceField label="Kind" choices={kindChoices} />}</form.AppField>
      <form.AppField name="assigneeKind">
        {() => (
          <ChoiceField
            label="Assign to"
            choices={assigneeKindChoices}
            // Users, groups and teams are different ids: those chosen for another kind no longer apply.
            onChosen={() => form.setFieldValue('assigneeIds', [])}
          />
        )}
      </form.AppField>
      <form.Subscribe selector={(state) => state.values.assigneeKind}>
        {(kind) => (
          <form.AppField name="assigneeIds">
            {(field) => (
              <field.RemoteMultiSelectField
                key={kind}
                label={ASSIGNEE_KIND_LABELS[kind]}
                withAsterisk
                {...pickerText[kind]}
                query={assigneeChoicePages[kind]}
                known={record?.assigneeKind === kind ? known.assignees : undefined}
                clearable
                disabled={disabled}
              />
            )}
          </form.AppField>
        )}
      </form.Subscribe>
      <form.AppField name="courseIds">
        {(field) => (
          <field.RemoteMultiSelectField
            label="Courses"
            withAsterisk
            placeholder="Search courses"
            nothingFound="No course found."
            query={courseChoicePages}
            known={courseChoices}
            clearable
            disabled={disabled}
          />
        )}
      </form.AppField>
      <form.Subscribe selector={(state) => state.values.courseIds}>
        {(courseIds) => <NothingToTakeWarning courseIds={courseIds} />}
      </form.Subscribe>
      <Stack gap="xs">
        <form.AppField name="deadlineMode">
          {() => <ChoiceField label="Deadline" choices={deadlineChoices} />}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.deadlineMode}>
          {(mode) =>
            mode === 'date' ? (
              <form.AppField name="deadline">{() => <DayField label="Deadline date" />}</form.AppField>
            ) : mode === 'within' ? (
              <form.AppField name="dueWithinDays">
                {() => (
                  <WholeNumberField
                    label="Days after being assigned"
                    description="Each learner is due this many days after they are assigned, later joiners too."
                    min={1}
                    maw={320}
                  />
                )}
              </form.AppField>
            ) : (
              <Text size="sm" c="dimmed">
                Learners have no deadline.
              </Text>
            )
          }
        </form.Subscribe>
      </Stack>
      <ExpiryFields form={form} />
    </Stack>
  );
}
