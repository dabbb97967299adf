import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one worker on a 2-core machine, where
    // many files wait on child processes, Redis or Chromium. Two workers there: the whole suite
    // 1,002 s → 801 s of wall time on 2 cores of an AMD EPYC (bench/README.md, "The test suite").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default'],
  },
});
