import type { AdminRow } from '../admin-list.ts';
import { API_BASE } from '../paths.ts';
import { defineResource, resourcePaths } from '../resource.ts';

/**
 * Courses (spec 2 `/app/content-management/courses`, 5 the course form's messages, 7 `/course`
 * with permission, bulk-delete, bulk-enable, bulk-disable, duplicate, info and lesson). A course
 * sits in a category, may carry two external links (each a link with its title), is open to every
 * signed-in user or only to chosen users, user groups or membership levels, and holds an outline of
 * lessons, quizzes, checklists, e-learning packages and events in order.
 */
export const courseResource = defineResource({
  path: '/course',
  module: 'content-management',
  submodule: 'courses',
  statusWords: 'enable',
  noun: 'course',
});

export const coursePaths = {
  ...resourcePaths(courseResource),
  /** POST: a copy of the course, its permission subjects and outline, named '<name> (copy)'. */
  duplicate: (courseId: string) => `/course/duplicate/${courseId}`,
  /**
   * GET: enabled courses for pickers in other forms, paged and searchable. Every enabled course for
   * those who manage courses or assignments or lead a team; anyone else signed in gets the courses
   * in their own learning scope.
   */
  info: '/course/info',
  /** GET: enabled users by name for the permission picker, paged and searchable (courses view right). */
  userOptions: '/course/user-options',
  /** GET: `{ permission, permissionIds }` of one course, each subject with its name. */
  permission: (courseId: string) => `/course/permission/${courseId}`,
  /**
   * GET the outline; POST `{ lessonIds?, quizIds?, checklistIds?, elearningPackageIds?, eventIds? }`
   * appends existing lessons, quizzes, checklists, e-learning packages and events.
   */
  outline: (courseId: string) => `/course/lesson/${courseId}`,
  /** POST `{ itemIds }`: every lesson, quiz, checklist, package and event id of the outline once, in the new order. */
  outlineOrder: (courseId: string) => `/course/lesson/${courseId}/order`,
  /** DELETE: takes a lesson, quiz, checklist, package or event (by its own id) out of the outline. */
  outlineItem: (courseId: string, itemId: string) => `/course/lesson/${courseId}/${itemId}`,
  /**
   * POST multipart/form-data with one file part `image` (png, gif or jpeg, at most 5 MB): the
   * course's new image, answering its CourseDetail. DELETE: the course has no image any more.
   * The course's form never sends the image, so saving the form keeps it.
   */
  image: (courseId: string) => `/course/image/${courseId}`,
} as const;

/** The image upload streams its file (capped by its kind as it arrives), past the JSON body limit. */
export function isCourseImageRequest(method: string, path: string): boolean {
  return (
    method === 'POST' &&
    /^\/course\/image\/[^/]+$/.test(path.slice(API_BASE.length)) &&
    path.startsWith(API_BASE)
  );
}

export const COURSE_PERMISSIONS = ['none', 'user', 'group', 'membership'] as const;
export type CoursePermission = (typeof COURSE_PERMISSIONS)[number];

export const COURSE_PERMISSION_LABELS: Record<CoursePermission, string> = {
  none: 'None (every signed-in user)',
  user: 'Users',
  group: 'User groups',
  membership: 'Membership levels',
};

/** The most subjects one course names, and the most items one outline holds. */
export const COURSE_MAX_SUBJECTS = 500;
export const COURSE_MAX_OUTLINE = 500;
/** The longest description (formatted text, as HTML) and the longest estimated duration in minutes. */
export const COURSE_DESCRIPTION_MAX = 10000;
export const COURSE_MAX_DURATION = 10000;

export const courseMessages = {
  nameRequired: 'Course Name is required.',
  nameTooLong: 'Course Name must be at most 200 characters.',
  categoryRequired: 'Course Category is required.',
  categoryNotFound: 'The course category does not exist.',
  externalLinkRequired: 'External link is required.',
  externalTitleRequired: 'External link title is required.',
  additionalLinkRequired: 'Additional external link is required.',
  additionalTitleRequired: 'Additional external link title is required.',
  linkInvalid: 'Enter a link starting with http:// or https://.',
  linkTooLong: 'A link must be at most 2000 characters.',
  titleTooLong: 'A link title must be at most 200 characters.',
  descriptionTooLong: `Description must be at most ${COURSE_DESCRIPTION_MAX} characters.`,
  imageRequired: 'Choose a png, gif or jpeg image.',
  imageUpdated: 'Course image is updated successfully.',
  imageRemoved: 'Course image is removed.',
  durationInvalid: `Estimated duration must be a whole number of minutes from 1 to ${COURSE_MAX_DURATION}.`,
  givesCertificateInvalid: 'Gives a certificate of completion must be true or false.',
  permissionRequired: 'Permission is required.',
  subjectsInvalid: 'Each permission entry must be a valid id.',
  subjectsTooMany: `A course can name at most ${COURSE_MAX_SUBJECTS} users, groups or levels.`,
  usersRequired: 'Select at least one user.',
  groupsRequired: 'Select at least one user group.',
  levelsRequired: 'Select at least one membership level.',
  usersNotFound: 'Some of the selected users do not exist.',
  groupsNotFound: 'Some of the selected user groups do not exist.',
  levelsNotFound: 'Some of the selected membership levels do not exist.',
  duplicated: 'Course is duplicated successfully.',
  itemsRequired: 'Select at least one lesson, quiz, checklist, e-learning package or event.',
  itemIdsInvalid: 'Each lesson, quiz, checklist, e-learning package or event must be a valid id.',
  lessonsNotFound: 'Some of the selected lessons do not exist.',
  quizzesNotFound: 'Some of the selected quizzes do not exist.',
  checklistsNotFound: 'Some of the selected checklists do not exist.',
  packagesNotFound: 'Some of the selected e-learning packages do not exist.',
  eventsNotFound: 'Some of the selected events do not exist.',
  outlineFull: `A course outline can hold at most ${COURSE_MAX_OUTLINE} lessons, quizzes, checklists, e-learning packages and events.`,
  orderMismatch:
    'Send every lesson, quiz, checklist, e-learning package and event of the outline exactly once.',
  outlineAdded: 'Outline is updated successfully.',
  outlineOrdered: 'Outline order is updated successfully.',
  outlineRemoved: 'Item is removed from the outline.',
  itemNotInOutline: 'This lesson, quiz, checklist, e-learning package or event is not in the course outline.',
} as const;

/** The permission scope's subjects need this message when none is chosen. */
export const subjectsRequiredMessage: Record<Exclude<CoursePermission, 'none'>, string> = {
  user: courseMessages.usersRequired,
  group: courseMessages.groupsRequired,
  membership: courseMessages.levelsRequired,
};

export type CourseRow = AdminRow & {
  name: string;
  categoryId: string | null;
  /** The category's titles from the top of the tree down, joined by ' / '; null without one. */
  categoryPath: string | null;
  /** Lessons, quizzes, checklists, e-learning packages and events in the outline. */
  outlineCount: number;
  permission: CoursePermission;
  createdAt: string;
};

export type CourseDetail = CourseRow & {
  /** Formatted text: HTML the server kept to harmless tags and safe links. */
  description: string;
  /** Estimated minutes to take the course; null when not given. */
  durationMinutes: number | null;
  /** Completing the course gives a certificate of completion. */
  givesCertificate: boolean;
  /** A signed link to the course's image; null when it has none. */
  imageUrl: string | null;
  externalLink: string;
  externalTitle: string;
  additionalExternalLink: string;
  additionalExternalLinkTitle: string;
  permissionIds: string[];
};

/** A user, group or level a course is open to, with the name pickers show. */
export type CoursePermissionSubject = { _id: string; name: string };
export type CoursePermissionResult = {
  permission: CoursePermission;
  permissionIds: CoursePermissionSubject[];
};

/** A course as pickers list it. */
export type CourseOption = { _id: string; name: string };

export const OUTLINE_KINDS = ['lesson', 'quiz', 'checklist', 'elearning', 'event'] as const;
export type OutlineKind = (typeof OUTLINE_KINDS)[number];

/**
 * One lesson, quiz, checklist, e-learning package or event of an outline; `id` is its own id,
 * `name` a checklist's, package's or event's title and `status` whether it is enabled or published.
 */
export type OutlineItem = { kind: OutlineKind; id: string; name: string; status: boolean };
