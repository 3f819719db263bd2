// The AI SDK validates stream parts with zod, whose fast path probes `new Function`: the page's
// Content-Security-Policy forbids eval, and the probe alone would be reported as a violation.
// Imported before 'ai' so that the setting is in place before any schema is used.
import { config } from 'zod/v4/core';

config({ jitless: true });
