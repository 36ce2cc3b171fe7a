import type { AdminRow } from '../admin-list.ts';
import { defineResource, resourcePaths } from '../resource.ts';

/**
 * E-learning packages (spec 2 `/app/content-management/elearning`, 7 `/elearning-package`: GET
 * with page, limit, search; POST; PATCH): SCORM 1.2 and 2004 zips, imported on the server, played
 * from a content origin of their own and tracked per learner (record 028).
 */
export const elearningResource = defineResource({
  path: '/elearning-package',
  module: 'content-management',
  submodule: 'elearning',
  statusWords: 'publish',
  noun: 'e-learning package',
});

export const elearningPaths = {
  ...resourcePaths(elearningResource),
  /** GET `?page=&limit=&search=`: the package's learners, with status, score, time, attempts, last access. */
  report: (packageId: string) => `/elearning-package/${packageId}/report`,
  /** GET: the learners' interactions (question, answer, result, time) as CSV. */
  interactions: (packageId: string) => `/elearning-package/${packageId}/interactions`,
} as const;

/** The SCORM versions a package may be: 1.2, and 2004 in its 3rd or 4th edition. */
export const SCORM_VERSIONS = ['1.2', '2004-3', '2004-4'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];

export const scormVersionName: Record<ScormVersion, string> = {
  '1.2': 'SCORM 1.2',
  '2004-3': 'SCORM 2004 3rd Edition',
  '2004-4': 'SCORM 2004 4th Edition',
};

/**
 * When a SCO that never reports a status counts as done: as it reports (completed or passed, or a
 * score at or above the mastery score), once it is launched, or once the learner exits it. A status
 * it does report counts under every rule.
 */
export const ELEARNING_COMPLETION_RULES = ['reported', 'launch', 'exit'] as const;
export type ElearningCompletionRule = (typeof ELEARNING_COMPLETION_RULES)[number];

export const completionRuleName: Record<ElearningCompletionRule, string> = {
  reported: 'As reported by the package',
  launch: 'On launch',
  exit: 'When the learner exits',
};

/** A 2004 objective of a SCO, as the manifest's sequencing gives it. */
export type ElearningObjective = {
  id: string;
  primary: boolean;
  satisfiedByMeasure: boolean;
  /** -1 to 1; null when the manifest gives none. */
  minNormalizedMeasure: number | null;
};

/**
 * An item of the package's organization, in the manifest's order; `depth` 0 for the top items. An
 * item with a `launch` is a SCO (or an asset) the player opens; one without only groups its children.
 */
export type ElearningItem = {
  /** The item's identifier in the manifest: the SCO's key in the learners' records. */
  identifier: string;
  title: string;
  depth: number;
  /**
   * The launch file, decoded, relative to the package's top (the folder of imsmanifest.xml), with
   * the query string the manifest gives (href's and the item's `parameters`); null for a folder item.
   */
  launch: string | null;
  /** `sco` talks to the runtime; an `asset` is only shown (and counts as done once launched). */
  scormType: 'sco' | 'asset' | null;
  /** 1.2 `adlcp:masteryscore`, 0 to 100; null when absent. */
  masteryScore: number | null;
  /** 2004 `imsss:minNormalizedMeasure` of the primary objective when it is satisfied by measure, -1 to 1. */
  scaledPassingScore: number | null;
  /** 2004 `adlcp:completionThreshold`, 0 to 1. */
  completionThreshold: number | null;
  /** `adlcp:datafromlms` (1.2) or `adlcp:dataFromLMS` (2004): cmi.launch_data. */
  dataFromLms: string | null;
  /** `adlcp:timelimitaction` / `adlcp:timeLimitAction`. */
  timeLimitAction: string | null;
  /** `adlcp:maxtimeallowed` (1.2) or the sequencing's attemptAbsoluteDurationLimit (2004). */
  maxTimeAllowed: string | null;
  objectives: ElearningObjective[];
};

/** What the import read from imsmanifest.xml. */
export type ElearningStructure = {
  /** The title of the default organization (or the package's, when it has none). */
  organizationTitle: string;
  items: ElearningItem[];
};

/** A row of the E-Learning list. */
export type ElearningRow = AdminRow & {
  title: string;
  scormVersion: ScormVersion;
  /** How many items of the organization launch something. */
  scoCount: number;
  fileName: string;
  fileSize: number;
  packageVersion: number;
  createdAt: string;
  updatedAt: string;
};

/** GET /elearning-package/{id}. */
export type ElearningDetail = ElearningRow & {
  description: string;
  organizationTitle: string;
  structure: ElearningStructure;
  /** What the admin set, in percent; null: as the package says (`packageMasteryScore`). */
  masteryScore: number | null;
  /** The first SCO's mastery or passing score in percent, as the manifest gives it; null when none. */
  packageMasteryScore: number | null;
  completionRule: ElearningCompletionRule;
  /** How many learners have a record of it: a new version keeps them. */
  learnerCount: number;
  version: number;
};

/** A package's zip may be this large; it streams into the store and is never held in memory. */
export const ELEARNING_MAX_ZIP_BYTES = 1024 ** 3;
/** What one package may hold: this many entries (files and folders) at most… */
export const ELEARNING_MAX_ENTRIES = 10_000;
/** …and this many bytes once unpacked, counted as the bytes come (a zip's headers may lie). */
export const ELEARNING_MAX_UNPACKED_BYTES = 2 * 1024 ** 3;

/** The answers and refusals of the e-learning routes; a package refused says which check it failed. */
export const elearningMessages = {
  titleTooLong: 'Title must be at most 200 characters.',
  descriptionTooLong: 'Description must be at most 2000 characters.',
  masteryScoreInvalid: "Mastery score must be a whole number from 0 to 100, or empty to use the package's.",
  completionRuleInvalid: 'Completion rule must be as reported, on launch or when the learner exits.',
  notMultipart: 'Send the package as a form (multipart/form-data) with the file last.',
  fieldsFirst: 'Send the text fields before the file.',
  unknownPart: 'The form holds a part it does not take.',
  fileRequired: 'A SCORM package (.zip) is required.',
  notZip: 'The file is not a zip archive: a SCORM package is a .zip file.',
  zipTooLarge: `The package must be at most ${ELEARNING_MAX_ZIP_BYTES / 1024 ** 3} GB.`,
  noManifest:
    'The package has no imsmanifest.xml at its top or in its single top folder: it is not a SCORM package.',
  malformedManifest: (detail: string) => `The package's imsmanifest.xml is not well-formed XML (${detail}).`,
  notManifest: "The package's imsmanifest.xml holds no <manifest> element.",
  noOrganization: 'The manifest has no organization with an item to launch.',
  launchMissing: (path: string) => `The launch file '${path}' is not in the package.`,
  resourceMissing: (item: string, ref: string) =>
    `The item '${item}' names the resource '${ref}', which the manifest does not have.`,
  unsafePath: 'The package holds a path that climbs out of its folder.',
  link: 'The package holds a link (symbolic link), which is not allowed.',
  tooManyEntries: `The package holds more than ${ELEARNING_MAX_ENTRIES.toLocaleString('en')} files and folders.`,
  tooLarge: `The package must unpack to at most ${ELEARNING_MAX_UNPACKED_BYTES / 1024 ** 3} GB.`,
  brokenZip: 'The zip archive is damaged: an entry could not be read.',
  /** A new version uploaded: the learners' records stay with the package. */
  newVersion: (title: string, packageVersion: number) =>
    `Package '${title}' is updated to version ${packageVersion}. Learners' records are kept.`,
} as const;
