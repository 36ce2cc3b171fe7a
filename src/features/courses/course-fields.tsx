import { CERTIFICATE_LABELS } from '@contract/certificates';
import {
  COURSE_MAX_DURATION,
  COURSE_PERMISSION_LABELS,
  COURSE_PERMISSIONS,
  type CourseDetail,
  type CoursePermission,
  type CoursePermissionResult,
} from '@contract/courses/resource';
import { NumberInput, Select, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { membershipLevelLookupOptions, toChoices, userGroupLookupOptions } from '@/lib/lookups';
import { firstErrorMessage } from '@/ui/form/field-error';
import { CourseImageField } from './image-field';
import { categoryPages, courseChoicePages } from './queries';
import type { useCourseForm } from './use-course-form';

type CourseForm = ReturnType<typeof useCourseForm>;

const permissionChoices = COURSE_PERMISSIONS.map((value) => ({
  value,
  label: COURSE_PERMISSION_LABELS[value],
}));
const subjectLabels = {
  user: { label: 'Users', placeholder: 'Search users' },
  group: { label: 'User Groups', placeholder: 'Select user groups' },
  membership: { label: 'Membership Levels', placeholder: 'Select membership levels' },
} as const;

type CourseFieldsProps = {
  form: CourseForm;
  record?: CourseDetail;
  /** Editing: the saved subjects with their names, so chosen users show by name at once. */
  scope?: CoursePermissionResult;
  disabled: boolean;
};

/** The course form's fields (spec 3 'Course'), with the contract's messages under each. */
export function CourseFields({ form, record, scope, disabled }: CourseFieldsProps) {
  const groups = useQuery(userGroupLookupOptions());
  const levels = useQuery(membershipLevelLookupOptions());
  const known = (scope?.permissionIds ?? []).map((subject) => ({ value: subject._id, label: subject.name }));

  return (
    <Stack gap="md" maw={720}>
      <form.AppField name="name">
        {(field) => <field.TextField label="Course Name" required data-autofocus disabled={disabled} />}
      </form.AppField>
      <form.AppField name="courseCategoryId">
        {(field) => (
          <field.PagedSelectField
            label="Course Category"
            placeholder="Select a category"
            nothingFound="No category found."
            query={categoryPages}
            selectedOption={
              record?.categoryId ? { value: record.categoryId, label: record.categoryPath ?? '' } : null
            }
            disabled={disabled}
          />
        )}
      </form.AppField>
      <CourseImageField form={form} disabled={disabled} />
      <form.Field name="description">
        {(field) => (
          <Textarea
            label="Description"
            description="HTML formatting is kept: paragraphs <p>, bold <b>, italic <i>, lists <ul> <ol> <li>, headings <h3> <h4> and https links <a href>; other tags are removed."
            autosize
            minRows={3}
            maxRows={12}
            value={field.state.value}
            disabled={disabled}
            onChange={(event) => field.handleChange(event.currentTarget.value)}
            onBlur={field.handleBlur}
            error={firstErrorMessage(field.state.meta.errors)}
          />
        )}
      </form.Field>
      <form.Field name="durationMinutes">
        {(field) => (
          <NumberInput
            label="Estimated Duration (minutes)"
            min={1}
            max={COURSE_MAX_DURATION}
            allowDecimal={false}
            allowNegative={false}
            maw={260}
            value={field.state.value}
            disabled={disabled}
            onChange={(value) => field.handleChange(typeof value === 'number' ? value : '')}
            onBlur={field.handleBlur}
            error={firstErrorMessage(field.state.meta.errors)}
          />
        )}
      </form.Field>
      <form.Field name="givesCertificate">
        {(field) => (
          <Switch
            label={CERTIFICATE_LABELS.option}
            description="A learner who completes the course can download a PDF certificate with a code anyone can check."
            checked={field.state.value}
            disabled={disabled}
            onChange={(event) => field.handleChange(event.currentTarget.checked)}
            onBlur={field.handleBlur}
            error={firstErrorMessage(field.state.meta.errors)}
          />
        )}
      </form.Field>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <form.AppField name="externalLink">
          {(field) => <field.TextField label="External Link" placeholder="https://" disabled={disabled} />}
        </form.AppField>
        <form.AppField name="externalTitle">
          {(field) => <field.TextField label="External Link Title" disabled={disabled} />}
        </form.AppField>
        <form.AppField name="additionalExternalLink">
          {(field) => (
            <field.TextField label="Additional External Link" placeholder="https://" disabled={disabled} />
          )}
        </form.AppField>
        <form.AppField name="additionalExternalLinkTitle">
          {(field) => <field.TextField label="Additional External Link Title" disabled={disabled} />}
        </form.AppField>
      </SimpleGrid>
      <form.Field name="permission">
        {(field) => (
          <Select
            label="Permission"
            withAsterisk
            data={permissionChoices}
            value={field.state.value === '' ? null : field.state.value}
            allowDeselect={false}
            disabled={disabled}
            onChange={(value) => {
              field.handleChange((value ?? '') as CoursePermission | '');
              // Users, groups and levels are different ids: the ones chosen for another scope no longer apply.
              form.setFieldValue('permissionIds', []);
            }}
            onBlur={field.handleBlur}
            error={firstErrorMessage(field.state.meta.errors)}
          />
        )}
      </form.Field>
      <form.Subscribe selector={(state) => state.values.permission}>
        {(permission) =>
          permission === '' || permission === 'none' ? null : (
            <form.AppField name="permissionIds">
              {(field) =>
                permission === 'user' ? (
                  <field.RemoteMultiSelectField
                    key={permission}
                    {...subjectLabels.user}
                    withAsterisk
                    query={courseChoicePages.users}
                    known={known}
                    nothingFound="No user found."
                    disabled={disabled}
                  />
                ) : (
                  <field.MultiSelectField
                    key={permission}
                    {...subjectLabels[permission]}
                    withAsterisk
                    data={toChoices(permission === 'group' ? groups.data : levels.data)}
                    nothingFoundMessage="Nothing found."
                    disabled={disabled}
                  />
                )
              }
            </form.AppField>
          )
        }
      </form.Subscribe>
    </Stack>
  );
}
