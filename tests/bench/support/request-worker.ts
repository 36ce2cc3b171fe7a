import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { apiClient } from './learner-course.ts';

/** One request of a wave: as apiClient's `call` takes it. */
export type WaveCall = { method: string; path: string; token?: string; body?: unknown };
/** Its answer, with the time from sending it to reading the whole answer; status 'network' when none came. */
export type WaveAnswer = {
  status: number | 'network';
  // biome-ignore lint/suspicious/noExplicitAny: the benchmark reads answers by field, as a client would
  body: any;
  text: string;
  ms: number;
};

type Wave = { answers: WaveAnswer[]; clientCpuMs: number };

/**
 * A client on a thread of its own that sends each wave of requests all at once and answers their
 * answers in order. With it, a benchmark that runs the server in its own process measures the
 * server alone on that process's event loop, as it runs for clients on other machines, and not
 * the client's parsing and decompressing of 200 answers besides.
 */
export function requestWorker(baseUrl: string) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { baseUrl } });
  let pending: ((wave: Wave) => void) | undefined;
  worker.on('message', (wave: Wave) => pending?.(wave));
  return {
    /** The answers in the order of `calls`, and the CPU milliseconds the client's thread spent on them. */
    wave(calls: WaveCall[]): Promise<Wave> {
      return new Promise((resolve, reject) => {
        pending = resolve;
        worker.once('error', reject);
        worker.postMessage(calls);
      });
    },
    close: () => worker.terminate(),
  };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const api = apiClient((workerData as { baseUrl: string }).baseUrl);
  port.on('message', async (calls: WaveCall[]) => {
    const cpuAt = process.threadCpuUsage();
    const answers = await Promise.all(
      calls.map(async ({ method, path, token, body }): Promise<WaveAnswer> => {
        const sentAt = performance.now();
        try {
          const answer = await api.call(method, path, { token, body });
          return { ...answer, ms: performance.now() - sentAt };
        } catch (error) {
          return { status: 'network', body: undefined, text: String(error), ms: performance.now() - sentAt };
        }
      }),
    );
    const cpu = process.threadCpuUsage(cpuAt);
    port.postMessage({ answers, clientCpuMs: (cpu.user + cpu.system) / 1000 } satisfies Wave);
  });
}
