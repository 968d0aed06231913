import { defineConfig } from '@playwright/test';

// Debian's chromium; Playwright never downloads a browser here (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  globalSetup: './e2e/support/global-setup.ts',
  timeout: 120_000,
  // Deadlines for events, not measures: two browsers and two stacks on two cores beside other work
  // can stall a page for ten seconds, and a wait that passes returns at once whatever its deadline.
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 2,
  // One retry: a whole stack and two browsers on two cores can miss a timing now and then; a
  // test that fails twice fails the run, and the list reporter names every flaky pass (counted
  // again at the end of `npm test`).
  retries: 1,
  reporter: [['list'], ['../../scripts/retried/playwright-reporter.mjs'], ['../../scripts/timings/playwright-reporter.mjs']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
    },
    permissions: ['clipboard-read', 'clipboard-write'],
    reducedMotion: 'reduce',
    // A failing test keeps its trace (actions, DOM snapshots, network, console) and its last screenshot.
    // Not the trace's screencast: every test would pay for it, failing or not (admin.spec's five
    // tests: 213.6 CPU-s with it, 130.5 without, most of it Chromium's GPU and browser processes
    // encoding frames; docs/benchmarks.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    actionTimeout: 30_000,
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, testIgnore: /\.mobile\.spec\.ts$/ },
    { name: 'mobile', use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }, testMatch: /(\.mobile|screens)\.spec\.ts$/ },
  ],
});
