import { ACCEPTED_IMAGE_TYPES } from '@contract/constants';
import { type CourseDetail, type CoursePermission, courseMessages } from '@contract/courses/resource';
import type { CourseInput, CourseUpdateInput } from '@contract/courses/schemas';
import { FILE_KINDS, fileMessages } from '@contract/files';

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
  /** A newly chosen image, sent on its own once the course is saved; null: none chosen. */
  image: File | null;
  /** The stored image's link, for its preview only; '' for none. */
  imageUrl: string;
  /** The stored image was removed in the form. */
  removeImage: boolean;
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
  image: null,
  imageUrl: '',
  removeImage: false,
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
    image: null,
    imageUrl: course.imageUrl ?? '',
    removeImage: false,
    version: course.version,
  };
}

/** What is sent: every field the form shows; a course open to everyone names no subjects. */
export function toCourseInput(values: CourseFormValues): CourseInput {
  const {
    version: _version,
    image: _image,
    imageUrl: _imageUrl,
    removeImage: _removeImage,
    permission,
    permissionIds,
    durationMinutes,
    ...fields
  } = values;
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

/** The course image the form would send: a chosen file, or null to remove the stored one; undefined: no change. */
export function imageChange(
  values: Pick<CourseFormValues, 'image' | 'removeImage'>,
): File | null | undefined {
  if (values.image) return values.image;
  return values.removeImage ? null : undefined;
}

/** The picker refuses what the server would (the spec's image types, at most the course image's size). */
export function checkCourseImage(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return courseMessages.imageRequired;
  if (file.size > FILE_KINDS.courseImage.maxBytes) return fileMessages.tooLarge('courseImage');
  return null;
}
