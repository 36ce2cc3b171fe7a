import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import * as v from 'valibot';
import { PlayerScreen } from '@/features/course-player/player-screen';
import { playerCourseOptions } from '@/features/course-player/queries';
import { loadWhenOnline } from '@/lib/online-state';

/** `item`: the lesson or quiz open in the player (the first not done, when absent). */
const playerSearch = v.object({ item: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined) });

export const Route = createFileRoute('/user-portal/learning-process/course/$courseId')({
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: playerSearch,
  // Offline, the saved course shows; the screen says what it could not read.
  loader: ({ context, params }) =>
    loadWhenOnline(() => context.queryClient.prefetchQuery(playerCourseOptions(params.courseId))),
  component: PlayerRoute,
});

function PlayerRoute() {
  const { courseId } = Route.useParams();
  const { item } = Route.useSearch();
  const navigate = Route.useNavigate();
  const openItem = useCallback(
    (id: string) => void navigate({ search: { item: id }, replace: true }),
    [navigate],
  );
  return <PlayerScreen courseId={courseId} itemId={item} onOpenItem={openItem} />;
}
