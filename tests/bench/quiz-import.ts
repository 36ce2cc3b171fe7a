import { pathToFileURL } from 'node:url';
import type { ApiSuccess } from '../../contract/envelope.ts';
import { API_BASE } from '../../contract/paths.ts';
import { type QuizDetail, type QuizImportReport, quizPaths } from '../../contract/quizzes/resource.ts';
import { median, openUsersBench } from './support/users-app.ts';

const QUESTIONS = 1000;
const RUNS = 5;

/** 1,000 GIFT questions of the four imported types, a quarter each, one with a feedback in ten. */
export function giftFile(count: number): string {
  const blocks: string[] = [];
  for (let i = 1; i <= count; i += 1) {
    const feedback = i % 10 === 0 ? ` ####Feedback of question ${i}.` : '';
    switch (i % 4) {
      case 0:
        blocks.push(
          `::Q${i}:: Which option is right in question ${i}? {=Right ~Wrong one ~Wrong two${feedback}}`,
        );
        break;
      case 1:
        blocks.push(`Which are right in question ${i}? {~%50%First ~%50%Second ~%-100%Third${feedback}}`);
        break;
      case 2:
        blocks.push(`Statement ${i} is true. {T${feedback}}`);
        break;
      default:
        blocks.push(`Name the answer of question ${i}. {=Answer ${i} =Reply ${i}${feedback}}`);
    }
  }
  return `${blocks.join('\n\n')}\n`;
}

/**
 * POST /quiz/question/import with a GIFT file of 1,000 questions into a new, empty quiz each run,
 * through the whole app (auth, multipart, parsing, validation of every question, one transaction):
 * the time of the answer and the size of its per-question report.
 */
export async function quizImport() {
  const bench = await openUsersBench(0);
  try {
    const login = await bench.app.request(`${API_BASE}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
    });
    const token = ((await login.json()) as ApiSuccess<{ token: string }>).results.token;
    const authorization = `Bearer ${token}`;
    const file = giftFile(QUESTIONS);
    const fileBytes = new TextEncoder().encode(file).length;

    const once = async (run: number) => {
      const created = await bench.app.request(`${API_BASE}${quizPaths.list}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Import bench ${run}` }),
      });
      const quiz = ((await created.json()) as ApiSuccess<QuizDetail>).results;
      const form = new FormData();
      form.set('quizId', quiz._id);
      form.set('format', 'gift');
      form.set('file', new File([file], 'bench.gift', { type: 'text/plain' }));
      const started = performance.now();
      const response = await bench.app.request(`${API_BASE}${quizPaths.import}`, {
        method: 'POST',
        headers: { authorization },
        body: form,
      });
      const text = await response.text();
      const ms = performance.now() - started;
      const report = (JSON.parse(text) as ApiSuccess<QuizImportReport>).results;
      if (response.status !== 200 || report.imported !== QUESTIONS)
        throw new Error(`Unexpected answer ${response.status}: ${text.slice(0, 200)}`);
      const stored = await bench.app.request(`${API_BASE}${quizPaths.one(quiz._id)}`, {
        headers: { authorization },
      });
      const detail = ((await stored.json()) as ApiSuccess<QuizDetail>).results;
      if (detail.questionCount !== QUESTIONS) throw new Error(`Stored ${detail.questionCount} questions`);
      return { ms, reportBytes: new TextEncoder().encode(text).length };
    };

    await once(0);
    const times: number[] = [];
    let reportBytes = 0;
    for (let run = 1; run <= RUNS; run += 1) {
      const result = await once(run);
      times.push(result.ms);
      reportBytes = result.reportBytes;
    }
    const figures = { questions: QUESTIONS, fileBytes, medianMs: median(times), reportBytes };
    console.log(
      `Quiz import of ${QUESTIONS.toLocaleString('en')} GIFT questions (${(fileBytes / 1024).toFixed(1)} KB, ${bench.driver}), median of ${RUNS}`,
    );
    console.log(
      `  answered in ${figures.medianMs.toFixed(0)} ms; per-question report ${reportBytes.toLocaleString('en')} bytes`,
    );
    return figures;
  } finally {
    await bench.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await quizImport();
