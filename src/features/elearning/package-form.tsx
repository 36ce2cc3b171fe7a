import {
  completionRuleName,
  ELEARNING_COMPLETION_RULES,
  type ElearningDetail,
  elearningMessages,
  elearningResource,
} from '@contract/elearning/resource';
import { elearningSchema, elearningUpdateSchema } from '@contract/elearning/schemas';
import { Stack, Text, Textarea } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { RoleDeniedNotice } from '@/ui/admin-list/admin-form-page';
import { EditorPanel, EditorShell } from '@/ui/admin-list/editor-shell';
import { useCan } from '@/ui/admin-list/use-can';
import { changeValue, errorOf } from '@/ui/form/field-error';
import { useRecordForm } from '@/ui/form/use-record-form';
import { UploadProgress } from '@/ui/upload-progress';
import { type PackageFormValues, toPackageFormValues, toPackageInput, toPackageUpdate } from './form-values';
import { LearnersPanel } from './learners-panel';
import { PackageContentsPanel } from './package-contents';
import { PackageFileField } from './package-file-field';
import { useSavePackage } from './queries';

type PackageFormViewProps = {
  initialValues: PackageFormValues;
  /** Editing: the package as read. */
  record?: ElearningDetail;
  onCurrentRecord?: (record: ElearningDetail) => void;
};

const texts = {
  add: { title: 'Add E-Learning', submit: 'Save' },
  edit: { title: 'Edit E-Learning', submit: 'Update' },
} as const;

const ruleChoices = ELEARNING_COMPLETION_RULES.map((rule) => ({
  value: rule,
  label: completionRuleName[rule],
}));

/** What the mastery score field says it falls back to: the package's own score, or none. */
function masteryHint(record?: ElearningDetail) {
  const own = 'Empty: the score the package sets is used.';
  if (!record) return `In percent, 0 to 100. ${own}`;
  return record.packageMasteryScore === null
    ? 'In percent, 0 to 100. Empty: none, as the package sets none.'
    : `In percent, 0 to 100. Empty: the package's own, ${record.packageMasteryScore}%.`;
}

/**
 * A SCORM package's title, description, zip, mastery score and completion rule, on the checklist
 * screens' shell (spec 2). A new package opens on its edit screen once uploaded, which shows what
 * was read from it and its learners; a zip chosen there uploads a new version.
 */
export function PackageFormView({ initialValues, record, onCurrentRecord }: PackageFormViewProps) {
  const mode = record ? 'edit' : 'add';
  const text = texts[mode];
  const allowed = useCan(elearningResource, mode);
  const navigate = useNavigate();
  const save = useSavePackage(record);
  // The answer of the last new version, which says the learners' records were kept.
  const [versionMessage, setVersionMessage] = useState<string | null>(null);
  const { form } = useRecordForm({
    defaultValues: initialValues,
    schema: record ? elearningUpdateSchema : elearningSchema,
    validate: {
      toInput: record ? toPackageUpdate : toPackageInput,
      also: (values: PackageFormValues): Record<string, string> =>
        record || values.file ? {} : { file: elearningMessages.fileRequired },
    },
    save: (values: PackageFormValues) => save.mutateAsync(values),
    onSaved: (result, { values, startOver }) => {
      if ('queued' in result) return navigate({ to: '/app/content-management/elearning' });
      if (!record)
        return navigate({
          to: '/app/content-management/elearning/edit/$elearningId',
          params: { elearningId: result.results._id },
        });
      if (values.file) setVersionMessage(result.message);
      startOver(toPackageFormValues(result.results));
    },
    fromRecord: toPackageFormValues,
    onCurrentRecord,
    readOnly: !allowed,
  });

  return (
    <EditorShell
      list={{ label: 'E-Learning', to: '/app/content-management/elearning' }}
      title={text.title}
      readOnlyNotice={
        allowed ? undefined : (
          <RoleDeniedNotice mode={mode} noun="e-learning package" plural="e-learning packages" />
        )
      }
      onSubmit={() => void form.handleSubmit()}
      submit={
        <form.AppForm>
          <form.SubmitButton>{text.submit}</form.SubmitButton>
        </form.AppForm>
      }
      panel={
        record ? (
          <>
            <PackageContentsPanel record={record} versionMessage={versionMessage} />
            <LearnersPanel record={record} />
          </>
        ) : (
          <EditorPanel title="Package">
            <Text c="dimmed">Save the package to see what was read from it.</Text>
          </EditorPanel>
        )
      }
    >
      <Stack maw={720}>
        <form.Field name="file">
          {(field) => (
            <PackageFileField
              editing={Boolean(record)}
              learnerCount={record?.learnerCount ?? 0}
              value={field.state.value}
              onChange={(file) => changeValue(field, file)}
              error={errorOf(field)}
            />
          )}
        </form.Field>
        {save.isPending && save.variables?.file && <UploadProgress progress={save.progress} />}
        <form.AppField name="title">
          {(field) => (
            <field.TextField
              label="Title"
              description="Empty: the title of the package's organization."
              data-autofocus
            />
          )}
        </form.AppField>
        <form.Field name="description">
          {(field) => (
            <Textarea
              label="Description"
              autosize
              minRows={3}
              maxRows={10}
              name={field.name}
              value={field.state.value}
              onChange={(event) => changeValue(field, event.currentTarget.value)}
              onBlur={field.handleBlur}
              error={errorOf(field)}
            />
          )}
        </form.Field>
        <form.AppField name="masteryScore">
          {(field) => (
            <field.TextField
              label="Mastery score (%)"
              description={masteryHint(record)}
              inputMode="numeric"
              maw={360}
            />
          )}
        </form.AppField>
        <form.AppField name="completionRule">
          {(field) => (
            <field.SelectField
              label="Completion rule"
              description="When a package that never reports a status counts as done."
              data={ruleChoices}
              allowDeselect={false}
            />
          )}
        </form.AppField>
      </Stack>
    </EditorShell>
  );
}
