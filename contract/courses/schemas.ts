import * as v from 'valibot';
import { recordVersion } from '../admin-list.ts';
import { noNul } from '../validation.ts';
import {
  COURSE_DESCRIPTION_MAX,
  COURSE_MAX_DURATION,
  COURSE_MAX_OUTLINE,
  COURSE_MAX_SUBJECTS,
  COURSE_PERMISSIONS,
  courseMessages as m,
  subjectsRequiredMessage,
} from './resource.ts';

// A missing field reads as empty so it gets the field's own message, not valibot's generic one.
const name = v.optional(
  v.pipe(
    v.string(m.nameRequired),
    v.trim(),
    v.nonEmpty(m.nameRequired),
    v.maxLength(200, m.nameTooLong),
    noNul,
  ),
  '',
);

const courseCategoryId = v.optional(
  v.pipe(v.string(m.categoryRequired), v.trim(), v.uuid(m.categoryRequired)),
  '',
);

const HTTP_LINK = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/** An optional link: empty, or an http(s) address. */
const link = (required: string) =>
  v.optional(
    v.pipe(
      v.string(required),
      v.trim(),
      v.maxLength(2000, m.linkTooLong),
      noNul,
      v.check((value) => value === '' || (HTTP_LINK.test(value) && URL.canParse(value)), m.linkInvalid),
    ),
    '',
  );
const title = (required: string) =>
  v.optional(v.pipe(v.string(required), v.trim(), v.maxLength(200, m.titleTooLong), noNul), '');

const permission = v.optional(v.picklist(COURSE_PERMISSIONS, m.permissionRequired), '' as never);

const permissionIds = v.optional(
  v.pipe(
    v.array(v.pipe(v.string(m.subjectsInvalid), v.uuid(m.subjectsInvalid)), m.subjectsInvalid),
    v.maxLength(COURSE_MAX_SUBJECTS, m.subjectsTooMany),
  ),
  [],
);

const description = v.pipe(
  v.string(m.descriptionTooLong),
  v.trim(),
  v.maxLength(COURSE_DESCRIPTION_MAX, m.descriptionTooLong),
  noNul,
);

/** Whole minutes, or null for none given. */
const durationMinutes = v.nullable(
  v.pipe(
    v.number(m.durationInvalid),
    v.integer(m.durationInvalid),
    v.minValue(1, m.durationInvalid),
    v.maxValue(COURSE_MAX_DURATION, m.durationInvalid),
  ),
);

const fields = {
  name,
  courseCategoryId,
  description: v.optional(description, ''),
  durationMinutes: v.optional(durationMinutes, null),
  givesCertificate: v.optional(v.boolean(m.givesCertificateInvalid), false),
  externalLink: link(m.externalLinkRequired),
  externalTitle: title(m.externalTitleRequired),
  additionalExternalLink: link(m.additionalLinkRequired),
  additionalExternalLinkTitle: title(m.additionalTitleRequired),
  permission,
  permissionIds,
};

type Fields = {
  externalLink: string;
  externalTitle: string;
  additionalExternalLink: string;
  additionalExternalLinkTitle: string;
  permission: string;
  permissionIds: string[];
};

/**
 * A link and its title go together: whichever of a pair is missing gets its own message. A scope
 * other than none needs at least one subject. Checked even when other fields are wrong, so the
 * form shows every message at once.
 */
function pairRules<T extends Fields>() {
  const pairs = [
    ['externalLink', 'externalTitle', m.externalLinkRequired, m.externalTitleRequired],
    [
      'additionalExternalLink',
      'additionalExternalLinkTitle',
      m.additionalLinkRequired,
      m.additionalTitleRequired,
    ],
  ] as const;
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    const value = dataset.value as Partial<Fields> | null;
    if (typeof value !== 'object' || value === null) return;
    const text = (key: keyof Fields) => {
      const field = value[key];
      return typeof field === 'string' ? field.trim() : '';
    };
    const flag = (key: keyof Fields, message: string) =>
      addIssue({
        message,
        path: [
          {
            type: 'object',
            origin: 'value',
            input: value as Record<string, unknown>,
            key,
            value: value[key],
          },
        ],
      });
    for (const [link, title, linkMessage, titleMessage] of pairs) {
      if (text(link) === '' && text(title) !== '') flag(link, linkMessage);
      if (text(link) !== '' && text(title) === '') flag(title, titleMessage);
    }
    const ids = value.permissionIds;
    if (
      typeof value.permission === 'string' &&
      value.permission in subjectsRequiredMessage &&
      Array.isArray(ids) &&
      ids.length === 0
    )
      flag('permissionIds', subjectsMessage(value.permission));
  });
}

/** The message for an empty subject list under a permission scope (the generic one names no kind). */
export function subjectsMessage(permissionValue: string): string {
  return subjectsRequiredMessage[permissionValue as keyof typeof subjectsRequiredMessage] ?? m.usersRequired;
}

/** POST /course: the spec's fields; `permissionIds` name users, groups or levels as `permission` says. */
export const courseSchema = v.pipe(v.object(fields), pairRules());
export type CourseInput = v.InferInput<typeof courseSchema>;
export type CourseValues = v.InferOutput<typeof courseSchema>;

/**
 * PATCH /course/{id}: the same fields and the `version` the form read. A description, duration or
 * certificate choice left out is kept as it is, so a client that does not show them cannot erase them.
 */
export const courseUpdateSchema = v.pipe(
  v.object({
    ...fields,
    description: v.optional(description),
    durationMinutes: v.optional(durationMinutes),
    givesCertificate: v.optional(v.boolean(m.givesCertificateInvalid)),
    version: recordVersion,
  }),
  pairRules(),
);
export type CourseUpdateValues = v.InferOutput<typeof courseUpdateSchema>;
export type CourseUpdateInput = v.InferInput<typeof courseUpdateSchema>;

const itemIds = (message: string) =>
  v.optional(
    v.pipe(
      v.array(v.pipe(v.string(m.itemIdsInvalid), v.uuid(m.itemIdsInvalid)), m.itemIdsInvalid),
      v.maxLength(COURSE_MAX_OUTLINE, message),
    ),
    [],
  );

/** POST /course/lesson/{courseId}: existing lessons, quizzes, checklists, packages and events to append, at least one in all. */
export const outlineAddSchema = v.pipe(
  v.object({
    lessonIds: itemIds(m.outlineFull),
    quizIds: itemIds(m.outlineFull),
    checklistIds: itemIds(m.outlineFull),
    elearningPackageIds: itemIds(m.outlineFull),
    eventIds: itemIds(m.outlineFull),
  }),
  v.forward(
    v.check(
      (input) =>
        input.lessonIds.length +
          input.quizIds.length +
          input.checklistIds.length +
          input.elearningPackageIds.length +
          input.eventIds.length >
        0,
      m.itemsRequired,
    ),
    ['lessonIds'],
  ),
);
export type OutlineAddInput = v.InferInput<typeof outlineAddSchema>;

/** POST /course/lesson/{courseId}/order: every lesson, quiz, checklist and package id of the outline once. */
export const outlineOrderSchema = v.object({
  itemIds: v.pipe(
    v.array(v.pipe(v.string(m.itemIdsInvalid), v.uuid(m.itemIdsInvalid)), m.orderMismatch),
    v.maxLength(COURSE_MAX_OUTLINE, m.orderMismatch),
  ),
});
export type OutlineOrderInput = v.InferInput<typeof outlineOrderSchema>;
