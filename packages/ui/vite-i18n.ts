// The build side of the app's i18n (src/i18n/README.md), for the web app's Vite config and this
// package's vitest config: Lingui's macros (`t`, `plural`, `msg`, `<Trans>`) become calls to the
// Lingui runtime, keeping the English message at the call site (descriptorFields: 'message'), and
// that message is compiled at build time to Lingui's compiled form, so English needs no catalog,
// no download and no runtime message compiler. Only files that import a macro go through Babel.
import type { PluginObj, types as BabelTypes } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import babel from '@rolldown/plugin-babel';
import { fileURLToPath } from 'node:url';

/** Replaces the `message` string of each `{ id, message }` descriptor the macro wrote with its compiled form. */
export function compileSourceMessages({ types: t }: { types: typeof BabelTypes }): PluginObj {
  return {
    name: 'reelbase-compile-source-messages',
    visitor: {
      Program: {
        exit(path) {
          path.traverse({
            ObjectExpression(object) {
              const props = object.node.properties;
              const hasId = props.some((p) => t.isObjectProperty(p) && t.isIdentifier(p.key, { name: 'id' }));
              if (!hasId) return;
              for (const p of props) {
                if (!t.isObjectProperty(p) || !t.isIdentifier(p.key) || !t.isStringLiteral(p.value)) continue;
                if (p.key.name === 'message') p.value = t.valueToNode(compileMessage(p.value.value));
              }
            },
          });
        },
      },
    },
  };
}

/** The Vite/vitest plugin that runs the macros; `include` limits it to the files that use them. */
export function linguiMacros() {
  // This package's lingui.config.ts, whichever app builds it.
  const linguiConfig = getConfig({ cwd: fileURLToPath(new URL('.', import.meta.url)) });
  return babel({
    parserOpts: { plugins: ['typescript', 'jsx'] },
    presets: [
      {
        preset: () => ({ plugins: [[linguiMacro, { descriptorFields: 'message', linguiConfig }], compileSourceMessages] }),
        rolldown: { filter: { code: /@lingui\/(?:core|react)\/macro/ } },
      },
    ],
  });
}
