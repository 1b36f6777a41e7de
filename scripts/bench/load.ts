import autocannon from 'autocannon';

export interface LoadResult {
  requests: number;
  /** 2xx answers per second. */
  rps: number;
  /** Latency percentiles of every answered request (2xx or not), in ms. */
  p50: number;
  p95: number;
  p99: number;
  /** Responses outside 2xx (counted, and shown, never hidden). */
  non2xx: number;
  /** How many of each non-2xx status, so a failure says what it was. */
  statuses: Record<number, number>;
  errors: number;
}

export interface LoadTarget {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Called before every request: a different path or headers each time (purchases). */
  next?: () => { path: string; headers?: Record<string, string>; body?: string };
}

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function round(target: LoadTarget, connections: number, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let non2xx = 0;
  const statuses: Record<number, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        connections,
        duration: seconds,
        method: target.method ?? 'GET',
        headers: target.headers,
        // A hung request counts as an error after 10 s instead of stalling the round.
        timeout: 10,
        requests: target.next
          ? [
              {
                setupRequest: (req) => {
                  const n = target.next!();
                  return {
                    ...req,
                    path: n.path,
                    headers: { ...req.headers, ...n.headers },
                    ...(n.body ? { body: n.body } : {}),
                  };
                },
              },
            ]
          : undefined,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) {
        non2xx++;
        statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      }
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    // Throughput counts only successful (2xx) answers; failures are reported apart.
    rps: (latencies.length - non2xx) / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx,
    statuses,
    errors: result.errors + result.timeouts,
  };
}

/** A round whose figures are discarded: caches, pools, JIT and plans warmed before a measured round. */
export async function warmUp(target: LoadTarget, o: LoadOptions) {
  if (o.warmupSeconds > 0) await round(target, o.connections, o.warmupSeconds);
}

/** A warm-up round (discarded), then the measured round. */
export async function measure(target: LoadTarget, o: LoadOptions): Promise<LoadResult> {
  await warmUp(target, o);
  return round(target, o.connections, o.durationSeconds);
}
