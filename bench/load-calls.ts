/** The benches' closed-loop driver: a fixed number of calls in flight, each timed. */

export interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  seconds: number;
}

export interface LoadOptions {
  seconds: number;
  concurrency: number;
  maxRequests: number;
}

/** Keeps `concurrency` calls in flight for at most `seconds` and `maxRequests`, the n-th call `call(n)`, timing each; a call answering false or throwing is an error. */
export async function loadCalls(call: (index: number) => Promise<boolean>, options: LoadOptions): Promise<Figures> {
  let next = 0;
  const timings: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline && next < options.maxRequests) {
      const index = next++;
      const t0 = performance.now();
      try {
        if (!(await call(index))) errors += 1;
      } catch {
        errors += 1;
      }
      timings.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))] ?? 0;
  return { requests: timings.length, perSecond: timings.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors, seconds };
}
