import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import * as v from 'valibot';
import { PlayerScreen } from '@/features/course-player/player-screen';
import { playerCourseOptions } from '@/features/course-player/queries';
import { loadWhenOnline } from '@/lib/online-state';

/**
 * `item`: the lesson or quiz open in the player (the first not done, when absent). `from`: the
 * portal screen the course was opened from, with its search, for the breadcrumb to lead back to.
 */
const playerSearch = v.object({
  item: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  from: v.fallback(
    v.optional(v.pipe(v.string(), v.startsWith('/user-portal/'), v.maxLength(2000))),
    undefined,
  ),
});

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
  const { item, from } = Route.useSearch();
  const navigate = Route.useNavigate();
  const openItem = useCallback(
    (id: string) => void navigate({ search: (prev) => ({ ...prev, item: id }), replace: true }),
    [navigate],
  );
  return <PlayerScreen courseId={courseId} itemId={item} from={from} onOpenItem={openItem} />;
}
