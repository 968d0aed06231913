import type { Plugin } from 'vite';

/**
 * antd's form context (which Input, Checkbox and ConfigProvider use, so the sign-in page loads it)
 * takes only `FormProvider` from `@rc-component/form`, but through that package's index, which
 * attaches Field, List, useForm and useWatch to its default export: assignments the bundler must
 * keep, so the whole form engine and its validator (~40 KB raw, ~10 KB brotli) came with the
 * first page. This points that one import at the module that defines `FormProvider` (the index
 * re-exports the same module, so screens with forms share it).
 */
export function slimAntdFormContext(): Plugin {
  return {
    name: 'reelbase-slim-antd-form-context',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer || !/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null;
      return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
    },
  };
}
