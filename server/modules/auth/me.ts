import { Hono } from 'hono';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { paths } from '../../../contract/paths.ts';
import type { SessionUser } from '../../../contract/session.ts';
import { loadSessionUser } from '../../auth/session-user.ts';
import { allow, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';

export function userRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get(paths.me, allow(db, signedIn), async (c) => {
    const user = await loadSessionUser(db, c.get('auth').userId);
    if (!user) throw new ApiError(401, messages.unauthenticated);
    return c.json({ message: messages.userFetched, results: user } satisfies ApiSuccess<SessionUser>);
  });
}
