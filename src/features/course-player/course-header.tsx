import type { PlayerCourse } from '@contract/learning/resource';
import { Image, Stack } from '@mantine/core';
import { CourseDescription, CourseDuration } from '@/ui/course-description';
import { PageTitle } from '@/ui/page-title';
import { CourseCompletion } from './course-completion';

/**
 * The player's header: the course's name, then its completion (when the learner has completed it)
 * with the certificate, its image, estimated duration and description.
 */
export function CourseHeader({ course }: { course: PlayerCourse }) {
  return (
    <Stack gap={4}>
      <PageTitle>{course.name}</PageTitle>
      <CourseCompletion course={course} />
      {course.imageUrl ? (
        <Image src={course.imageUrl} alt="" h={{ base: 140, sm: 200 }} radius="md" fit="cover" my="xs" />
      ) : null}
      <CourseDuration minutes={course.durationMinutes} />
      <CourseDescription html={course.description} />
    </Stack>
  );
}
