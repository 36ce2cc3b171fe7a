import type { FieldErrors } from '@contract/envelope';
import { FILE_KINDS, type FileKind, fileMessages } from '@contract/files';
import {
  ACTIVITY_TYPES,
  type ActivityNeeds,
  type ActivityType,
  activityFileError,
  activityNeeds,
  activitySchema,
  activityUpdateSchema,
  PACKAGE_EXTENSIONS,
  PACKAGE_MAX_BYTES,
  VIDEO_TYPES,
  type VideoType,
} from '@contract/lessons/activities';
import { toFieldErrors } from '@contract/validation';
import * as v from 'valibot';

export type { ActivityType, VideoType };

const TYPE_LABELS: Record<ActivityType, string> = {
  videoPlayer: 'Video Player',
  audioPlayer: 'Audio Player',
  pdfDocument: 'PDF Document',
  powerpoint: 'PowerPoint',
  fileUpload: 'File Upload',
  customEmbed: 'Custom Embed',
  interactiveContent: 'Interactive Content',
};
const VIDEO_LABELS: Record<VideoType, string> = {
  mp4: 'MP4 (upload)',
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  facebook: 'Facebook',
};

export const ACTIVITY_TYPE_OPTIONS = ACTIVITY_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));
export const VIDEO_TYPE_OPTIONS = VIDEO_TYPES.map((value) => ({ value, label: VIDEO_LABELS[value] }));
export const activityTypeLabel = (type: ActivityType) => TYPE_LABELS[type];

/** What the form holds; every type's fields are kept, so switching type loses nothing typed. */
export type ActivityFormValues = {
  title: string;
  activityType: ActivityType | '';
  videoType: VideoType | '';
  url: string;
  customEmbed: string;
  required: boolean;
  contentFile: File | null;
  previewFile: File | null;
};

export const emptyActivityValues = (): ActivityFormValues => ({
  title: '',
  activityType: '',
  videoType: '',
  url: '',
  customEmbed: '',
  required: false,
  contentFile: null,
  previewFile: null,
});

const NOTHING: ActivityNeeds = {
  videoType: false,
  url: 'none',
  customEmbed: false,
  contentFile: undefined,
  previewFile: false,
};

/** The fields the chosen type shows and sends (none before a type is chosen). */
export const activityFields = (
  values: Pick<ActivityFormValues, 'activityType' | 'videoType'>,
): ActivityNeeds =>
  values.activityType === '' ? NOTHING : activityNeeds(values.activityType, values.videoType);

/** The file picker's `accept`: the kind's extensions (a hand-in's instructions may be any file). */
export function acceptOf(kind: FileKind | 'package'): string | undefined {
  if (kind === 'package') return PACKAGE_EXTENSIONS.map((extension) => `.${extension}`).join(',');
  const extensions: readonly string[] = FILE_KINDS[kind].extensions;
  return extensions.length > 0 ? extensions.map((extension) => `.${extension}`).join(',') : undefined;
}

/** The text fields as the contract's schema reads them; only the ones the type uses are filled. */
function textFields(values: ActivityFormValues) {
  const needs = activityFields(values);
  return {
    title: values.title,
    activityType: values.activityType,
    videoType: needs.videoType ? values.videoType : '',
    url: needs.url === 'none' ? '' : values.url.trim(),
    customEmbed: needs.customEmbed ? values.customEmbed : '',
    required: values.required ? 'true' : 'false',
  };
}

/**
 * The contract's messages for the activity as it would be sent (the server checks it all again,
 * and the file's bytes). Editing (`stored`), a stored file stays when no new one is chosen.
 */
export function activityErrors(
  values: ActivityFormValues,
  target: { lessonId: string } | { version: number; storedFile: boolean },
): FieldErrors {
  const fields = textFields(values);
  const result =
    'lessonId' in target
      ? v.safeParse(activitySchema, { ...fields, lessonId: target.lessonId })
      : v.safeParse(activityUpdateSchema, { ...fields, version: String(target.version) });
  const errors = result.success ? {} : toFieldErrors(result.issues);
  if (values.activityType === '') return errors;
  const needs = activityFields(values);
  const hasFile = values.contentFile !== null || ('storedFile' in target && target.storedFile);
  const missing = activityFileError(
    { activityType: values.activityType, videoType: fields.videoType as VideoType | '', url: fields.url },
    hasFile,
  );
  if (missing) errors.contentFile ??= missing;
  const kind = needs.contentFile?.kind;
  if (values.contentFile && kind) {
    const maxBytes = kind === 'package' ? PACKAGE_MAX_BYTES : FILE_KINDS[kind].maxBytes;
    if (values.contentFile.size > maxBytes)
      errors.contentFile ??=
        kind === 'package' ? fileMessages.tooLarge('fileUpload') : fileMessages.tooLarge(kind);
  }
  if (values.previewFile && needs.previewFile && values.previewFile.size > FILE_KINDS.pdf.maxBytes)
    errors.previewFile ??= fileMessages.tooLarge('pdf');
  return errors;
}

/**
 * The multipart body: the text fields first, then the files, so the server reads every field
 * before the bytes. Only the fields the type uses are sent.
 */
export function toActivityFormData(
  values: ActivityFormValues,
  target: { lessonId: string } | { version: number },
): FormData {
  const body = new FormData();
  if ('lessonId' in target) body.set('lessonId', target.lessonId);
  else body.set('version', String(target.version));
  const needs = activityFields(values);
  const fields = textFields(values);
  body.set('title', fields.title.trim());
  body.set('activityType', fields.activityType);
  if (needs.videoType) body.set('videoType', fields.videoType);
  if (needs.url !== 'none') body.set('url', fields.url);
  if (needs.customEmbed) body.set('customEmbed', fields.customEmbed);
  body.set('required', fields.required);
  if (needs.contentFile && values.contentFile) body.set('contentFile', values.contentFile);
  if (needs.previewFile && values.previewFile) body.set('previewFile', values.previewFile);
  return body;
}
