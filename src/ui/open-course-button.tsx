import { Button } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';

/**
 * Where a course is opened from: the address of the screen showing the link, search and page
 * included, for the player's breadcrumb to lead back to (its `from` search parameter).
 */
export function useOpenedFrom(): string {
  return useLocation({ select: (location) => `${location.pathname}${location.searchStr}` });
}

/** 'Open course': into the course player, named with the course for a screen reader's list of links. */
export function OpenCourseButton({ course }: { course: { _id: string; name: string } }) {
  const from = useOpenedFrom();
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
          search={{ from }}
        />
      )}
    >
      Open course
    </Button>
  );
}
