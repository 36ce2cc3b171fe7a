import type { PlayerCourse, PlayerQuiz } from '@contract/learning/resource';
import type { QueryClient } from '@tanstack/react-query';
import { fileKey, type KeptCourse, type KeptFile, keepFiles, keepJson, recordKept } from '@/lib/kept-courses';
import { keepPackageFiles } from './elearning-keep';
import {
  keptNames,
  learnerQuizOptions,
  playerChecklistOptions,
  playerCourseOptions,
  playerPackageOptions,
} from './queries';

export type CourseFile = KeptFile & { size: number };

/** The stored files of a course's activities (media, documents, PDF copies), each once. */
export function courseFiles(course: PlayerCourse): CourseFile[] {
  const files = new Map<string, CourseFile>();
  for (const item of course.outline) {
    if (item.kind !== 'lesson') continue;
    for (const activity of item.activities) {
      for (const file of [activity.file, activity.previewFile]) {
        if (file) files.set(fileKey(file.url), file);
      }
    }
  }
  return [...files.values()];
}

/** The bytes the course's files take, as the server reports their sizes. */
export const courseBytes = (course: PlayerCourse) =>
  courseFiles(course).reduce((sum, file) => sum + file.size, 0);

/**
 * Keeps a course on the device: its activity files where the service worker answers their links
 * from, and its outline, untimed quizzes' questions (no answers), checklists and e-learning packages,
 * which the player reads offline when the saved query cache has them no more. A package's files are
 * kept by the content origin's own service worker, which its launcher asks.
 */
export async function keepCourse(
  queryClient: QueryClient,
  courseId: string,
  onProgress: (done: number, of: number) => void,
): Promise<KeptCourse> {
  // A fresh outline: its file links are signed for about an hour.
  const course = await queryClient.fetchQuery({ ...playerCourseOptions(courseId), staleTime: 0 });
  const files = courseFiles(course);
  // A timed quiz needs the network (its questions come with an attempt), so nothing of it is kept.
  const quizzes = course.outline.filter(
    (item): item is PlayerQuiz => item.kind === 'quiz' && item.timeLimitMinutes === null,
  );
  const checklists = course.outline.filter((item) => item.kind === 'checklist');
  const packages = course.outline.filter((item) => item.kind === 'elearning');
  const of = files.length + quizzes.length + checklists.length + packages.length;
  let done = 0;
  onProgress(done, of);
  const bytes = await keepFiles(courseId, files, () => onProgress(++done, of));
  await keepJson(courseId, keptNames.course, course);
  for (const quiz of quizzes) {
    const questions = await queryClient.fetchQuery({
      ...learnerQuizOptions(quiz._id, courseId),
      staleTime: 0,
    });
    await keepJson(courseId, keptNames.quiz(quiz._id), questions);
    onProgress(++done, of);
  }
  for (const checklist of checklists) {
    const items = await queryClient.fetchQuery({
      ...playerChecklistOptions(checklist._id, courseId),
      staleTime: 0,
    });
    await keepJson(courseId, keptNames.checklist(checklist._id), items);
    onProgress(++done, of);
  }
  for (const item of packages) {
    const pkg = await queryClient.fetchQuery({ ...playerPackageOptions(item._id, courseId), staleTime: 0 });
    // The files first: a package kept without them would open offline to an empty frame.
    await keepPackageFiles(pkg);
    await keepJson(courseId, keptNames.elearning(item._id), pkg);
    onProgress(++done, of);
  }
  const kept: KeptCourse = { courseId, files: files.length, bytes, keptAt: new Date().toISOString() };
  await recordKept(kept);
  return kept;
}
