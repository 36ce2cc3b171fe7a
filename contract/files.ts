/**
 * What a learner may hand in, by the extension of the name the file is served under: an allow-list
 * of the kinds people hand in, since a deny-list of programs always misses one (.hta, .js, .lnk,
 * .reg…). No SVG or HTML: a browser runs their script.
 */
const HAND_IN_EXTENSIONS = [
  ...['pdf', 'doc', 'docx', 'odt', 'rtf', 'pages'], // documents
  ...['xls', 'xlsx', 'ods', 'numbers'], // spreadsheets
  ...['ppt', 'pptx', 'odp', 'key'], // slides
  ...['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif', 'bmp', 'tif', 'tiff'], // images
  ...['mp3', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'wav', 'flac'], // audio
  ...['mp4', 'm4v', 'mov', 'webm', 'mkv', '3gp', 'avi'], // video
  ...['zip', '7z', 'rar', 'tar', 'gz', 'tgz'], // archives
  ...['txt', 'md', 'csv'], // text
];

/**
 * What each kind of upload accepts. The server checks a file's type from its bytes, never from its
 * name or the type the browser declared; the name only tells apart formats that share their bytes
 * (an old PowerPoint file is a Compound File like an old Word file). The form's file picker offers
 * the same extensions.
 */
export const FILE_KINDS = {
  audio: { label: 'audio', extensions: ['mp3', 'm4a', 'ogg', 'wav'], maxBytes: 200 * 1024 ** 2 },
  pdf: { label: 'PDF', extensions: ['pdf'], maxBytes: 100 * 1024 ** 2 },
  powerpoint: { label: 'PowerPoint', extensions: ['ppt', 'pptx'], maxBytes: 200 * 1024 ** 2 },
  video: { label: 'video', extensions: ['mp4', 'webm'], maxBytes: 2 * 1024 ** 3 },
  /** A hand-in activity's instructions and an interactive package: any type but programs. */
  fileUpload: { label: 'file', extensions: [], maxBytes: 100 * 1024 ** 2 },
  /** A course's picture on the catalogue's card and in the player: the spec's image types. */
  courseImage: { label: 'image', extensions: ['png', 'gif', 'jpg'], maxBytes: 5 * 1024 ** 2 },
  /** A learner's hand-in: the kinds people hand in. */
  handIn: { label: 'hand-in', extensions: HAND_IN_EXTENSIONS, maxBytes: 100 * 1024 ** 2 },
} as const satisfies Record<string, { label: string; extensions: readonly string[]; maxBytes: number }>;

export type FileKind = keyof typeof FILE_KINDS;

/** Extensions of programs and installers, refused as an instructions file or package whatever their bytes say. */
export const EXECUTABLE_EXTENSIONS = [
  'exe',
  'dll',
  'com',
  'scr',
  'msi',
  'bat',
  'cmd',
  'ps1',
  'vbs',
  'sh',
  'apk',
  'app',
  'jar',
] as const;

/**
 * What one learner's hand-ins may take in the store together (a new hand-in replaces their earlier
 * one of the activity in the round, so this bounds hand-ins over many activities and rounds).
 */
export const HAND_IN_TOTAL_BYTES = 500 * 1024 ** 2;

const megabytes = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3} GB` : `${bytes / 1024 ** 2} MB`;

export const fileMessages = {
  required: 'A file is required.',
  wrongType: (kind: FileKind) => {
    const { label, extensions } = FILE_KINDS[kind];
    if (kind === 'handIn')
      return 'The file must be a document, spreadsheet, slides, image, audio, video, archive or text file.';
    return extensions.length > 0
      ? `The file must be ${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label} file (${extensions.join(', ')}).`
      : 'Programs cannot be uploaded.';
  },
  tooLarge: (kind: FileKind) => `The file must be at most ${megabytes(FILE_KINDS[kind].maxBytes)}.`,
  handInsFull: `Your handed-in files may take at most ${megabytes(HAND_IN_TOTAL_BYTES)} in all.`,
  linkExpired: 'This file link has expired.',
  linkInvalid: 'This file link is not valid.',
  rangeNotSatisfiable: 'The requested range is not in the file.',
} as const;

/** Where stored files are served, under API_BASE, by signed links only. */
export const FILES_PATH = '/files';
