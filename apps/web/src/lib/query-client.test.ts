import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

const problem = (status: number, code: string) => new ApiError({ type: 'about:blank', title: 't', status, code });

describe('shouldRetry', () => {
  it('retries a busy workspace (429) a few times, never another client error', () => {
    expect(shouldRetry(0, problem(429, 'workspace_busy'))).toBe(true);
    expect(shouldRetry(2, problem(429, 'workspace_busy'))).toBe(true);
    expect(shouldRetry(3, problem(429, 'workspace_busy'))).toBe(false);
    expect(shouldRetry(0, problem(429, 'rate_limited'))).toBe(false);
    expect(shouldRetry(0, problem(400, 'validation_failed'))).toBe(false);
    expect(shouldRetry(0, problem(503, 'server_busy'))).toBe(true);
  });
});
