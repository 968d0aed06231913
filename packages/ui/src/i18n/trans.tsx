// The runtime behind the `<Trans>` and `useLingui` macros (lingui.config.ts points them here):
// the same job as @lingui/react's, without its provider, render props and warnings, which the
// first page's weight cannot carry. The message's <0>…</0> and <0/> tags become the components the
// macro passed; a value that is a React element is placed the same way.
import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { i18n } from './index.ts';

type TransProps = { id: string; message?: string; values?: Record<string, unknown>; components?: Record<string, ReactElement> };

const tag = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\/>/;

function place(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  for (let m = tag.exec(rest); m; m = tag.exec(rest)) {
    if (m.index) out.push(rest.slice(0, m.index));
    const element = components[m[1] ?? m[3]] ?? <Fragment />;
    out.push(cloneElement(element, { key: out.length }, m[1] ? place(m[2], components) : (element.props as { children?: ReactNode }).children));
    rest = rest.slice(m.index + m[0].length);
  }
  if (rest) out.push(rest);
  return out;
}

export function Trans({ id, message, values, components = {} }: TransProps) {
  const all = { ...components };
  const plain: Record<string, unknown> = { ...values };
  for (const [key, value] of Object.entries(values ?? {})) {
    if (value !== null && typeof value === 'object') {
      const index = `v${key}`;
      all[index] = <Fragment>{value as ReactNode}</Fragment>;
      plain[key] = `<${index}/>`;
    }
  }
  return <>{place(i18n._(id, plain, { message }), all)}</>;
}

/** `useLingui()`: the macro's `t` inside components; the app re-mounts on a language switch. */
export function useLingui() {
  return { i18n, _: i18n._.bind(i18n) };
}
