import type { CourseDetail, CoursePermission } from '@contract/courses/resource';
import type { CourseInput, CourseUpdateInput } from '@contract/courses/schemas';

/** The Add/Edit Course form: the spec's fields and the chosen users, groups or levels. */
export type CourseFormValues = {
  name: string;
  courseCategoryId: string;
  /** Formatted text as HTML; the server keeps only harmless tags and safe links. */
  description: string;
  /** Whole minutes; '' for none given. */
  durationMinutes: number | '';
  /** Completing the course gives a certificate of completion. */
  givesCertificate: boolean;
  externalLink: string;
  externalTitle: string;
  additionalExternalLink: string;
  additionalExternalLinkTitle: string;
  /** '' until one is chosen, so the form shows 'Permission is required.'. */
  permission: CoursePermission | '';
  permissionIds: string[];
  /** Editing: the version read, so a change made meanwhile is not overwritten. */
  version: number;
};

export const emptyCourseValues = (): CourseFormValues => ({
  name: '',
  courseCategoryId: '',
  description: '',
  durationMinutes: '',
  givesCertificate: false,
  externalLink: '',
  externalTitle: '',
  additionalExternalLink: '',
  additionalExternalLinkTitle: '',
  permission: 'none',
  permissionIds: [],
  version: 1,
});

export function toCourseFormValues(course: CourseDetail): CourseFormValues {
  return {
    name: course.name,
    courseCategoryId: course.categoryId ?? '',
    description: course.description,
    durationMinutes: course.durationMinutes ?? '',
    givesCertificate: course.givesCertificate,
    externalLink: course.externalLink,
    externalTitle: course.externalTitle,
    additionalExternalLink: course.additionalExternalLink,
    additionalExternalLinkTitle: course.additionalExternalLinkTitle,
    permission: course.permission,
    permissionIds: course.permissionIds,
    version: course.version,
  };
}

/** What is sent: every field the form shows; a course open to everyone names no subjects. */
export function toCourseInput(values: CourseFormValues): CourseInput {
  const { version: _version, permission, permissionIds, durationMinutes, ...fields } = values;
  return {
    ...fields,
    durationMinutes: durationMinutes === '' ? null : durationMinutes,
    permission: permission as CoursePermission,
    permissionIds: permission === 'none' ? [] : permissionIds,
  };
}

export function toCourseUpdate(values: CourseFormValues): CourseUpdateInput {
  return { ...toCourseInput(values), version: values.version };
}
