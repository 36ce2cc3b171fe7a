import type { FieldErrors } from '@contract/envelope';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { evaluate } from '@tanstack/react-form';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { toast } from '@/lib/notify';
import { OFFLINE_UPLOAD_MESSAGE } from '@/lib/upload-form';
import { useGuardedClose } from '@/ui/form/use-guarded-close';
import { useUnsavedChangesBlocker } from '@/ui/form/use-unsaved-changes-blocker';
import { UploadProgress } from '@/ui/upload-progress';
import { useOnline } from '@/ui/use-online';
import {
  ACTIVITY_TYPE_OPTIONS,
  type ActivityFormValues,
  type ActivityType,
  acceptOf,
  activityErrors,
  activityFields,
  emptyActivityValues,
  VIDEO_TYPE_OPTIONS,
  type VideoType,
} from './activity-values';
import { type LessonActivity, useSaveActivity } from './queries';

const valuesOf = (activity: LessonActivity): ActivityFormValues => ({
  title: activity.title,
  activityType: activity.activityType,
  videoType: activity.videoType ?? '',
  url: activity.url ?? '',
  customEmbed: activity.customEmbed ?? '',
  required: activity.required,
  contentFile: null,
  previewFile: null,
});

const fileLabels: Record<string, string> = {
  video: 'Video File',
  audio: 'Audio File',
  pdf: 'PDF File',
  powerpoint: 'PowerPoint File',
  fileUpload: 'Instructions File',
  package: 'Package File (.zip or .h5p)',
};

type ActivityModalProps = {
  lessonId: string;
  /** Editing: the activity; adding: undefined. */
  activity?: LessonActivity;
  onClose: () => void;
};

/** Adds or edits an activity: its name, type and what the type needs, uploaded with its progress. */
export function ActivityModal({ lessonId, activity, onClose }: ActivityModalProps) {
  const [initialValues] = useState(() => (activity ? valuesOf(activity) : emptyActivityValues()));
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const online = useOnline();
  const save = useSaveActivity(lessonId);
  const target = activity ? { version: activity.version, storedFile: activity.file !== null } : { lessonId };
  const fields = activityFields(values);
  const sendsFile = Boolean(values.contentFile || values.previewFile);
  // A save closes the dialog, so only a change still open in it is asked about.
  const isUnsaved = () => !evaluate(values, initialValues);
  useUnsavedChangesBlocker(isUnsaved);
  const close = useGuardedClose(isUnsaved, onClose);

  const change = (patch: Partial<ActivityFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    // After a first submit the messages follow the values; a server message stays until its field changes.
    const cleared = Object.fromEntries(Object.entries(errors).filter(([key]) => !(key in patch)));
    setErrors(submitted ? { ...cleared, ...activityErrors(next, target) } : cleared);
  };

  async function submit() {
    setSubmitted(true);
    const found = activityErrors(values, target);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (sendsFile && !online) return;
    try {
      const result = await save.mutateAsync({ activity, values });
      if ('queued' in result) toast.info(result.message);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 422) setErrors(error.errors);
      else if (isApiError(error) && error.message === OFFLINE_UPLOAD_MESSAGE) toast.error(error.message);
    }
  }

  return (
    <Modal opened onClose={close} title={activity ? 'Edit Activity' : 'Add Activity'} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Activity Name"
            required
            data-autofocus
            value={values.title}
            error={errors.title}
            onChange={(event) => change({ title: event.currentTarget.value })}
          />
          <Select
            label="Activity Type"
            required
            placeholder="Choose a type"
            data={ACTIVITY_TYPE_OPTIONS}
            value={values.activityType || null}
            error={errors.activityType}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            onChange={(value) => change({ activityType: (value ?? '') as ActivityType | '' })}
          />
          {fields.videoType && (
            <Select
              label="Video Type"
              required
              placeholder="Choose a video type"
              data={VIDEO_TYPE_OPTIONS}
              value={values.videoType || null}
              error={errors.videoType}
              allowDeselect={false}
              onChange={(value) => change({ videoType: (value ?? '') as VideoType | '' })}
            />
          )}
          {fields.url !== 'none' && (
            <TextInput
              label="Url"
              type="url"
              required={fields.url === 'required'}
              description={
                values.activityType === 'interactiveContent'
                  ? 'An https address, or upload a package below.'
                  : undefined
              }
              value={values.url}
              error={errors.url}
              onChange={(event) => change({ url: event.currentTarget.value })}
            />
          )}
          {fields.customEmbed && (
            <Textarea
              label="Custom Embed"
              required
              description="HTML shown to learners in a sandboxed frame: its scripts cannot reach their account."
              autosize
              minRows={4}
              maxRows={12}
              value={values.customEmbed}
              error={errors.customEmbed}
              onChange={(event) => change({ customEmbed: event.currentTarget.value })}
            />
          )}
          {fields.contentFile && (
            <FileInput
              label={fileLabels[fields.contentFile.kind]}
              required={fields.contentFile.required && !activity?.file}
              clearable
              placeholder={activity?.file ? `Keep ${activity.file.name}` : 'Choose a file'}
              accept={acceptOf(fields.contentFile.kind)}
              leftSection={<IconUpload size={16} aria-hidden />}
              value={values.contentFile}
              error={errors.contentFile}
              onChange={(file) => change({ contentFile: file })}
            />
          )}
          {fields.previewFile && (
            <FileInput
              label="PDF Copy"
              description="Optional: a PDF of the slides, previewed in the browser."
              clearable
              placeholder={activity?.previewFile ? `Keep ${activity.previewFile.name}` : 'Choose a PDF'}
              accept={acceptOf('pdf')}
              value={values.previewFile}
              error={errors.previewFile}
              onChange={(file) => change({ previewFile: file })}
            />
          )}
          <Switch
            label="Required"
            description="The learner must finish this activity to complete the lesson."
            checked={values.required}
            onChange={(event) => change({ required: event.currentTarget.checked })}
          />
          {sendsFile && !online && (
            <Alert color="yellow" role="alert">
              {OFFLINE_UPLOAD_MESSAGE}
            </Alert>
          )}
          {save.isPending && sendsFile && <UploadProgress progress={save.progress} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={sendsFile && !online}>
              {activity ? 'Update' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
