import * as v from 'valibot';
import { MAX_RECORD_VERSION } from '../admin-list.ts';
import type { FileKind } from '../files.ts';
import { noNul } from '../validation.ts';

/** The spec's activity types (spec 6, Lesson activity). */
export const ACTIVITY_TYPES = [
  'customEmbed',
  'audioPlayer',
  'videoPlayer',
  'pdfDocument',
  'fileUpload',
  'powerpoint',
  'interactiveContent',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The spec's video types: an uploaded mp4, or a link to a video host. */
export const VIDEO_TYPES = ['mp4', 'facebook', 'vimeo', 'youtube'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];
export type HostedVideoType = Exclude<VideoType, 'mp4'>;

/** The Activity form's messages (spec 5, Activity), word for word, and the ones the spec leaves out. */
export const activityMessages = {
  title: 'Activity name is required.',
  contentFile: 'Content file is required.',
  url: 'Url is required.',
  videoType: 'Video type is required.',
  activityType: 'Activity Type is required.',
  customEmbed: 'Custom Embed is required.',
  titleTooLong: 'Activity name must be at most 200 characters.',
  urlTooLong: 'Url must be at most 2000 characters.',
  urlHttps: 'Url must be an https:// link.',
  urlHost: {
    youtube: 'Url must be a YouTube link (youtube.com or youtu.be).',
    vimeo: 'Url must be a Vimeo link (vimeo.com).',
    facebook: 'Url must be a Facebook link (facebook.com or fb.watch).',
  } satisfies Record<HostedVideoType, string>,
  customEmbedTooLong: 'Custom Embed must be at most 100000 characters.',
  requiredInvalid: "Required must be 'true' or 'false'.",
  lessonInvalid: 'Lesson must be a valid id.',
  lessonNotFound: 'The lesson does not exist.',
  /** A package (interactiveContent's file) that is not a zip with an index.html or an h5p.json. */
  packageType: 'The package must be a .zip file with an index.html (an HTML5 package).',
  /** An H5P package (an h5p.json at its top) the player cannot start. */
  packageH5p:
    'The H5P package is broken: its h5p.json must name its title, language, embed types, main library and dependencies, and the package must hold content/content.json and the main library.',
  /** An H5P package on a server installed without the H5P player (an optional dependency). */
  packageH5pNoPlayer:
    'This server cannot play H5P packages: export the content as HTML5 (a .zip with an index.html).',
  packageUnsafe: 'The package holds a path outside its folder, a link or too many files.',
  packageTooLarge: 'The package must unpack to at most 500 MB.',
  previewOnlyPowerpoint: 'Only a PowerPoint activity takes a preview file.',
  noFileForType: 'This activity type takes no file.',
  unknownPart: 'The form holds a field this activity does not take.',
  fieldsFirst: 'Send the text fields before the files.',
  notMultipart: 'Send the activity as multipart/form-data.',
  orderMismatch: 'The order must list every activity of the lesson once.',
} as const;

/** Hosts (and their subdomains) a hosted video's link may point at. */
export const VIDEO_HOSTS: Record<HostedVideoType, readonly string[]> = {
  youtube: ['youtube.com', 'youtu.be', 'youtube-nocookie.com'],
  vimeo: ['vimeo.com'],
  facebook: ['facebook.com', 'fb.watch'],
};

/** An https address the URL parser reads, or undefined. */
export function httpsUrl(value: string): URL | undefined {
  if (!/^https:\/\/[^\s]+$/i.test(value) || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname !== '' ? url : undefined;
}

/** Whether `value` is an https link to the host of `videoType` (youtube, vimeo or facebook). */
export function isVideoHostUrl(videoType: HostedVideoType, value: string): boolean {
  const url = httpsUrl(value);
  if (!url) return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return VIDEO_HOSTS[videoType].some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** Which fields an activity of this type needs (`videoType` matters for videoPlayer only). */
export type ActivityNeeds = {
  videoType: boolean;
  /** 'required': a link is needed; 'either': a link or a package file (interactiveContent). */
  url: 'none' | 'required' | 'either';
  customEmbed: boolean;
  /** The file part `contentFile`: its kind, and whether it must be there. */
  contentFile: { kind: FileKind | 'package'; required: boolean } | undefined;
  /** A PowerPoint's optional PDF copy (`previewFile`). */
  previewFile: boolean;
};

export function activityNeeds(activityType: ActivityType, videoType?: VideoType | ''): ActivityNeeds {
  const none: ActivityNeeds = {
    videoType: false,
    url: 'none',
    customEmbed: false,
    contentFile: undefined,
    previewFile: false,
  };
  switch (activityType) {
    case 'videoPlayer':
      return videoType === 'mp4'
        ? { ...none, videoType: true, contentFile: { kind: 'video', required: true } }
        : { ...none, videoType: true, url: videoType ? 'required' : 'none' };
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
      return { ...none, url: 'either', contentFile: { kind: 'package', required: false } };
  }
}

/** A package is a zip archive of at most this many bytes (the unpacked files are capped apart). */
export const PACKAGE_MAX_BYTES = 100 * 1024 ** 2;
/** An HTML5 package (.zip) or an H5P package (.h5p, a zip too by its bytes). */
export const PACKAGE_EXTENSIONS = ['zip', 'h5p'] as const;

const m = activityMessages;

/** A missing text field reads as empty, so it gets the field's own message. */
const text = (max: number, tooLong: string) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, tooLong), noNul), '');

const activityEntries = {
  title: v.optional(
    v.pipe(v.string(m.title), v.trim(), v.nonEmpty(m.title), v.maxLength(200, m.titleTooLong), noNul),
    '',
  ),
  activityType: v.optional(v.pipe(v.string(m.activityType), v.picklist(ACTIVITY_TYPES, m.activityType)), ''),
  videoType: v.optional(v.pipe(v.string(m.videoType), v.picklist(['', ...VIDEO_TYPES], m.videoType)), ''),
  url: text(2000, m.urlTooLong),
  customEmbed: text(100_000, m.customEmbedTooLong),
  /** Sent as 'true' or 'false' (a form field); read as the boolean. */
  required: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], m.requiredInvalid),
      v.transform((value) => value === 'true'),
    ),
    'false',
  ),
};

type Fields = { activityType: ActivityType; videoType: VideoType | ''; url: string; customEmbed: string };

/**
 * The rules that tie the text fields to the type, as [field, message] pairs; the file rules need
 * the parts (`activityFileError`).
 */
export function activityTypeErrors(fields: Fields): [keyof Fields, string][] {
  const { activityType, videoType, url, customEmbed } = fields;
  const needs = activityNeeds(activityType, videoType);
  const errors: [keyof Fields, string][] = [];
  if (needs.videoType && videoType === '') errors.push(['videoType', m.videoType]);
  if (needs.url === 'required' && url === '') errors.push(['url', m.url]);
  if (needs.url !== 'none' && url !== '') {
    if (activityType === 'videoPlayer' && videoType !== '' && videoType !== 'mp4') {
      if (!isVideoHostUrl(videoType, url)) errors.push(['url', m.urlHost[videoType]]);
    } else if (!httpsUrl(url)) errors.push(['url', m.urlHttps]);
  }
  if (needs.customEmbed && customEmbed === '') errors.push(['customEmbed', m.customEmbed]);
  return errors;
}

const typeRules = <T extends Fields>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input = dataset.value;
    for (const [key, message] of activityTypeErrors(input))
      addIssue({ message, path: [{ type: 'object', origin: 'value', input, key, value: input[key] }] });
  });

/**
 * The text fields of POST /lesson/activity (multipart/form-data): lessonId, title, activityType,
 * videoType, url, customEmbed, required ('true' | 'false'). Fields a type does not use are kept
 * empty by the server.
 */
export const activitySchema = v.pipe(
  v.object({
    lessonId: v.optional(v.pipe(v.string(m.lessonInvalid), v.uuid(m.lessonInvalid)), ''),
    ...activityEntries,
  }),
  typeRules(),
);
export type ActivityInput = v.InferInput<typeof activitySchema>;
export type ActivityFieldsOutput = v.InferOutput<typeof activitySchema>;

/** A record's version as a form field sends it: a whole number from 1, as text. */
const formVersion = v.optional(
  v.pipe(
    v.string('Version is required.'),
    v.regex(/^[1-9]\d{0,9}$/, 'Version is required.'),
    v.transform(Number),
    v.maxValue(MAX_RECORD_VERSION, 'Version is required.'),
  ),
  '',
);

/** PATCH /lesson/update-activity/{id}: the same fields (no lessonId) and the `version` read. */
export const activityUpdateSchema = v.pipe(
  v.object({ ...activityEntries, version: formVersion }),
  typeRules(),
);
export type ActivityUpdateInput = v.InferInput<typeof activityUpdateSchema>;

/**
 * The file rule the text fields cannot check: whether `contentFile` is missing. `hasFile` is true
 * when the form sends one or (on an update) the activity keeps a stored file of the same kind.
 */
export function activityFileError(
  fields: { activityType: ActivityType; videoType: VideoType | ''; url: string },
  hasFile: boolean,
): string | undefined {
  const needs = activityNeeds(fields.activityType, fields.videoType);
  if (!needs.contentFile || hasFile) return undefined;
  if (needs.contentFile.required) return m.contentFile;
  if (needs.url === 'either' && fields.url === '') return m.contentFile;
  return undefined;
}

/** POST /lesson/activity/order: every activity id of the lesson once, in the new order. */
export const activityOrderSchema = v.object({
  lessonId: v.pipe(v.string(m.lessonInvalid), v.uuid(m.lessonInvalid)),
  activityIds: v.pipe(
    v.array(v.pipe(v.string(m.orderMismatch), v.uuid(m.orderMismatch)), m.orderMismatch),
    v.minLength(1, m.orderMismatch),
    v.maxLength(1000, m.orderMismatch),
    v.check((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, m.orderMismatch),
  ),
});
export type ActivityOrderInput = v.InferInput<typeof activityOrderSchema>;
