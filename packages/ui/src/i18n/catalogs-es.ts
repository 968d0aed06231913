/// <reference path="./glob.d.ts" />
// Spanish: every area's compiled catalog (screens/*/locales/es.ts and locales/es.ts) as one chunk.
import type { Messages } from '@lingui/core';

const modules = import.meta.glob<{ messages: Messages }>(['./locales/es.ts', '../screens/*/locales/es.ts'], { eager: true });
export const messages: Messages = Object.assign({}, ...Object.values(modules).map((m) => m.messages));
