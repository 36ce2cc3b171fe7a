import type { FieldErrors } from '@contract/envelope';
import { FILE_KINDS, type FileKind } from '@contract/files';

export const ACTIVITY_TYPE_OPTIONS = [
  { value: 'videoPlayer', label: 'Video Player' },
  { value: 'audioPlayer', label: 'Audio Player' },
  { value: 'pdfDocument', label: 'PDF Document' },
  { value: 'powerpoint', label: 'PowerPoint' },
  { value: 'fileUpload', label: 'File Upload' },
  { value: 'customEmbed', label: 'Custom Embed' },
  { value: 'interactiveContent', label: 'Interactive Content' },
] as const;
export type ActivityType = (typeof ACTIVITY_TYPE_OPTIONS)[number]['value'];

export const VIDEO_TYPE_OPTIONS = [
  { value: 'mp4', label: 'MP4 (upload)' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'vimeo', label: 'Vimeo' },
  { value: 'facebook', label: 'Facebook' },
] as const;
export type VideoType = (typeof VIDEO_TYPE_OPTIONS)[number]['value'];

export const activityTypeLabel = (type: string) =>
  ACTIVITY_TYPE_OPTIONS.find((option) => option.value === type)?.label ?? type;

/** The spec's messages of the activity form (spec 5, Activity). */
export const activityMessages = {
  title: 'Activity name is required.',
  contentFile: 'Content file is required.',
  url: 'Url is required.',
  videoType: 'Video type is required.',
  activityType: 'Activity Type is required.',
  customEmbed: 'Custom Embed is required.',
} as const;

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

/** The fields an activity type shows and sends. */
export type ActivityFields = {
  videoType: boolean;
  url: 'required' | 'optional' | false;
  customEmbed: boolean;
  /** The content file: its kind (what the picker offers), and whether a new activity must have one. */
  contentFile: { kind: FileKind | 'package'; required: boolean } | null;
  /** A PowerPoint's PDF copy. */
  previewFile: boolean;
};

export function activityFields(type: ActivityType | '', videoType: VideoType | ''): ActivityFields {
  const none: ActivityFields = {
    videoType: false,
    url: false,
    customEmbed: false,
    contentFile: null,
    previewFile: false,
  };
  switch (type) {
    case 'videoPlayer':
      if (videoType === 'mp4')
        return { ...none, videoType: true, contentFile: { kind: 'video', required: true } };
      return { ...none, videoType: true, url: videoType === '' ? false : 'required' };
    case 'audioPlayer':
      return { ...none, contentFile: { kind: 'audio', required: true } };
    case 'pdfDocument':
      return { ...none, contentFile: { kind: 'pdf', required: true } };
    case 'powerpoint':
      return { ...none, contentFile: { kind: 'powerpoint', required: true }, previewFile: true };
    case 'fileUpload':
      return { ...none, contentFile: { kind: 'fileUpload', required: false } };
    case 'customEmbed':
      return { ...none, customEmbed: true };
    case 'interactiveContent':
      // A link to the content, or an HTML5 package uploaded instead.
      return { ...none, url: 'optional', contentFile: { kind: 'package', required: false } };
    default:
      return none;
  }
}

/** The file picker's `accept`: the kind's extensions (a hand-in's instructions may be any file). */
export function acceptOf(kind: FileKind | 'package'): string | undefined {
  if (kind === 'package') return '.zip,application/zip';
  const extensions: readonly string[] = FILE_KINDS[kind].extensions;
  return extensions.length > 0 ? extensions.map((extension) => `.${extension}`).join(',') : undefined;
}

/** A file already stored on the activity being edited. */
type Stored = { file: boolean };

/**
 * The spec's messages for what the type needs and is missing. Editing, a stored file stays when no
 * new one is chosen. The server checks all of it again (and the file's bytes).
 */
export function activityErrors(values: ActivityFormValues, stored: Stored | null): FieldErrors {
  const errors: FieldErrors = {};
  if (values.title.trim() === '') errors.title = activityMessages.title;
  if (values.activityType === '') {
    errors.activityType = activityMessages.activityType;
    return errors;
  }
  const fields = activityFields(values.activityType, values.videoType);
  if (fields.videoType && values.videoType === '') errors.videoType = activityMessages.videoType;
  if (fields.url === 'required' && values.url.trim() === '') errors.url = activityMessages.url;
  if (fields.customEmbed && values.customEmbed.trim() === '')
    errors.customEmbed = activityMessages.customEmbed;
  const hasFile = values.contentFile !== null || Boolean(stored?.file);
  if (fields.contentFile?.required && !hasFile) errors.contentFile = activityMessages.contentFile;
  if (values.activityType === 'interactiveContent' && values.url.trim() === '' && !hasFile)
    errors.url = activityMessages.url;
  if (values.contentFile && fields.contentFile && fields.contentFile.kind !== 'package') {
    const { maxBytes } = FILE_KINDS[fields.contentFile.kind];
    if (values.contentFile.size > maxBytes)
      errors.contentFile = `The file must be at most ${maxBytes / 1024 ** 2} MB.`;
  }
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
  body.set('title', values.title.trim());
  body.set('activityType', values.activityType);
  const type = values.activityType === '' ? '' : values.activityType;
  const fields = activityFields(type, values.videoType);
  if (fields.videoType) body.set('videoType', values.videoType);
  if (fields.url) body.set('url', values.url.trim());
  if (fields.customEmbed) body.set('customEmbed', values.customEmbed);
  body.set('required', values.required ? 'true' : 'false');
  if (fields.contentFile && values.contentFile) body.set('contentFile', values.contentFile);
  if (fields.previewFile && values.previewFile) body.set('previewFile', values.previewFile);
  return body;
}
