import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** 'Open course': into the course player, named with the course for a screen reader's list of links. */
export function OpenCourseButton({ course }: { course: { _id: string; name: string } }) {
  return (
    <Button
      size="xs"
      variant="light"
      aria-label={`Open course ${course.name}`}
      renderRoot={(props) => (
        <Link
          {...props}
          to="/user-portal/learning-process/course/$courseId"
          params={{ courseId: course._id }}
        />
      )}
    >
      Open course
    </Button>
  );
}
