/// <reference path="./glob.d.ts" />
// German: every area's compiled catalog (screens/*/locales/de.ts and locales/de.ts) as one chunk.
import type { Messages } from '@lingui/core';

const modules = import.meta.glob<{ messages: Messages }>(['./locales/de.ts', '../screens/*/locales/de.ts'], { eager: true });
export const messages: Messages = Object.assign({}, ...Object.values(modules).map((m) => m.messages));
