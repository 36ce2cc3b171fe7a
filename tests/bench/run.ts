// `npm run bench`: builds the app when needed, then prints each benchmark's figures.
import { spawnSync } from 'node:child_process';
import { assignmentStatus } from './assignment-status.ts';
import { attendeesList } from './attendees-list.ts';
import { checklistSignoff } from './checklist-signoff.ts';
import { coldStart } from './cold-start.ts';
import { courseCategoriesList } from './course-categories-list.ts';
import { coursesListBench } from './courses-list.ts';
import { eventRegister } from './event-register.ts';
import { forgotPassword } from './forgot-password.ts';
import { lighthouseScores } from './lighthouse.ts';
import { loginBundle } from './login-bundle.ts';
import { loginRps } from './login-rps.ts';
import { membersBrowser } from './members-browser.ts';
import { membersServer } from './members-server.ts';
import { offlineCourse } from './offline-course.ts';
import { outboxChaos } from './outbox-chaos.ts';
import { outboxReplay } from './outbox-replay.ts';
import { packageCommit } from './package-commit.ts';
import { packageImport } from './package-import.ts';
import { packageLaunch } from './package-launch.ts';
import { playerOpen } from './player-open.ts';
import { quizImport } from './quiz-import.ts';
import { quizSubmit } from './quiz-submit.ts';
import { rangeRead } from './range.ts';
import { remindersBench } from './reminders.ts';
import { uploadVideo } from './upload.ts';
import { usersExport } from './users-export.ts';
import { usersList } from './users-list.ts';
import { webConcurrency } from './web-concurrency.ts';

// With DIST_DIR the server serves a build made elsewhere (e.g. `vite build --outDir`), left as it is.
if (!process.env.DIST_DIR) {
  const build = spawnSync('node', ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const only = process.argv.slice(2);
const benches = {
  'login-bundle': loginBundle,
  'cold-start': coldStart,
  'login-rps': loginRps,
  'members-server': membersServer,
  'members-browser': membersBrowser,
  'outbox-replay': outboxReplay,
  'outbox-chaos': outboxChaos,
  'users-list': usersList,
  'users-export': usersExport,
  'course-categories-list': courseCategoriesList,
  'courses-list': coursesListBench,
  'quiz-import': quizImport,
  'forgot-password': forgotPassword,
  lighthouse: lighthouseScores,
  range: rangeRead,
  upload: uploadVideo,
  'assignment-status': assignmentStatus,
  reminders: remindersBench,
  'player-open': playerOpen,
  'quiz-submit': quizSubmit,
  'offline-course': offlineCourse,
  'checklist-signoff': checklistSignoff,
  'package-commit': packageCommit,
  'package-import': packageImport,
  'package-launch': packageLaunch,
  'attendees-list': attendeesList,
  'event-register': eventRegister,
  'web-concurrency': webConcurrency,
};
for (const [name, run] of Object.entries(benches)) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n== ${name}`);
  await run();
}
