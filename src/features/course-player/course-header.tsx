import type { PlayerCourse } from '@contract/learning/resource';
import { Stack } from '@mantine/core';
import { CourseDescription, CourseDuration } from '@/ui/course-description';
import { PageTitle } from '@/ui/page-title';

/** The player's header: the course's name, its estimated duration and its description. */
export function CourseHeader({ course }: { course: PlayerCourse }) {
  return (
    <Stack gap={4}>
      <PageTitle>{course.name}</PageTitle>
      <CourseDuration minutes={course.durationMinutes} />
      <CourseDescription html={course.description} />
    </Stack>
  );
}
